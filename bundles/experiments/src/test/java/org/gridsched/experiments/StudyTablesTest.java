package org.gridsched.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class StudyTablesTest {
    @Test
    void theColumnLabelsAreAsBefore() {
        List<String> labels = new ArrayList<>();
        for (String r : List.of("regular", "all-cancellation")) {
            for (String h : List.of("mct", "minmin", "maxmin", "maxgain", "maxrelgain", "sufferage")) {
                labels.add(StudyTables.columnLabel(r, h));
            }
        }
        assertEquals(List.of("MCT", "MinMin", "MaxMin", "MaxGain", "MaxRelGain", "Sufferage",
                "MCT-C", "MinMin-C", "MaxMin-C", "MaxGain-C", "MaxRelGain-C", "Sufferage-C"), labels);
        assertEquals("FOO", StudyTables.columnLabel("other", "foo"), "unknown names: upper case");
    }
}
