package org.gridsched.launcher;

import java.util.Collection;

/** "Did you mean": the closest known word to a mistyped one, by edit distance. */
public final class Suggest {
    private Suggest() {
    }

    /** "; did you mean 'X'?" for the closest of {@code known} within 2 edits (or a third of the word), else "". */
    public static String didYouMean(String given, Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String k : known) {
            int d = distance(given, k);
            if (d < bestDistance) {
                best = k;
                bestDistance = d;
            }
        }
        int allowed = Math.max(2, given.length() / 3);
        return best != null && bestDistance > 0 && bestDistance <= allowed ? "; did you mean '" + best + "'?" : "";
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
