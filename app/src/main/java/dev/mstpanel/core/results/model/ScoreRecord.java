package dev.mstpanel.core.results.model;

import java.nio.file.Path;

/**
 * One grader's score of one trial, from {@code scores/<grader>/<variant>/<caseId>/<trial>.json}.
 *
 * @param grader the grader's name (from the file, else the decoded folder name)
 * @param pass {@code score.pass}, or null when the file could not be read
 * @param reasoning {@code score.reasoning}, or null
 * @param details {@code score.details} as JSON text, or null
 * @param file the score file
 * @param problem why the file could not be read, or null
 */
public record ScoreRecord(String grader, Boolean pass, String reasoning, String details, Path file, String problem) {}
