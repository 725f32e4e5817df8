import { ActionIcon, Alert, Button, Fieldset, Group, List, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { setSecurityQuestions } from '@portal/contract/security/security-questions';
import { SECURITY_QUESTIONS_MAX, SECURITY_QUESTIONS_MIN } from '@portal/contract/shared/security';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { maxLengthOf, useContractForm } from '../../../components/form/use-contract-form';
import { errorMessage } from '../../../lib/api-error';
import { type SecurityQuestions, useSecurityQuestions, useSetSecurityQuestions } from '../api';
import { initialRows, newRow, type QuestionRow, responsesOf, validateQuestions } from './security-questions-form';
import { PageHeader } from '../../../components/page/page-header';
import { notifySuccess } from '../../../components/feedback/notify';
import { CardSkeleton } from '../../../components/page/page-skeleton';

export const SECURITY_QUESTIONS_SAVED = 'Your security questions have been saved.';

type Touched = Record<number, { question?: boolean; answer?: boolean }>;

const ANSWER_MAX_LENGTH = maxLengthOf(setSecurityQuestions.input.shape.responses.valueType);

function QuestionsForm({ data }: { data: SecurityQuestions }) {
  const [touched, setTouched] = useState<Touched>({});
  const save = useSetSecurityQuestions();
  const form = useContractForm(setSecurityQuestions, {
    initialValues: { rows: initialRows(data.answered_question_ids) },
    toInput: ({ rows }) => ({ responses: responsesOf(rows) }),
    serverError: save.error,
  });
  const rows = form.values.rows;
  const setRows = (change: (current: QuestionRow[]) => QuestionRow[]) => form.setValues((current) => ({ rows: change(current.rows) }));
  // The rows' own rules (a question each, no repeats, an answer each, 3 to 4 rows) show while the user types.
  const validation = validateQuestions(rows);
  const formMessage = form.alert ?? Object.values(form.errors)[0] ?? null;
  const options = data.questions.map((question) => ({ value: String(question.id), label: question.text }));

  const update = (key: number, change: Partial<QuestionRow>, field: 'question' | 'answer') => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
    setTouched((current) => ({ ...current, [key]: { ...current[key], [field]: true } }));
  };

  const submit = form.onSubmit((input) => {
    if (validation.valid) save.mutate(input, { onSuccess: () => notifySuccess(SECURITY_QUESTIONS_SAVED) });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {rows.map((row, index) => {
          const errors = validation.rows[index] ?? {};
          const seen = touched[row.key] ?? {};
          // A repeat is shown at once; a missing choice or answer only once the user has been there.
          const questionError = errors.question !== undefined && (row.questionId !== null || seen.question) ? errors.question : undefined;
          return (
            <Fieldset key={row.key} legend={`Question ${index + 1}`}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label="Question"
                  placeholder="Choose a question"
                  data={options}
                  value={row.questionId}
                  error={questionError}
                  onChange={(value) => update(row.key, { questionId: value }, 'question')}
                  onBlur={() => setTouched((current) => ({ ...current, [row.key]: { ...current[row.key], question: true } }))}
                />
                <Group align="flex-start" wrap="nowrap" gap="xs">
                  <TextInput
                    label="Answer"
                    style={{ flex: 1 }}
                    maxLength={ANSWER_MAX_LENGTH}
                    autoComplete="off"
                    value={row.answer}
                    error={seen.answer ? errors.answer : undefined}
                    onChange={(event) => update(row.key, { answer: event.currentTarget.value }, 'answer')}
                    onBlur={() => setTouched((current) => ({ ...current, [row.key]: { ...current[row.key], answer: true } }))}
                  />
                  <ActionIcon
                    mt={28}
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={`Remove question ${index + 1}`}
                    disabled={rows.length <= SECURITY_QUESTIONS_MIN}
                    onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                  >
                    <IconTrash aria-hidden size={18} />
                  </ActionIcon>
                </Group>
              </SimpleGrid>
            </Fieldset>
          );
        })}
        {validation.form && (
          <Text size="sm" c="red.8" role="alert">
            {validation.form}
          </Text>
        )}
        <FormErrorAlert message={formMessage} />
        <Group justify="space-between">
          <Button
            variant="default"
            disabled={rows.length >= SECURITY_QUESTIONS_MAX}
            onClick={() => setRows((current) => [...current, newRow()])}
          >
            Add question
          </Button>
          <Button type="submit" disabled={!validation.valid} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AnsweredList({ data }: { data: SecurityQuestions }) {
  const answered = data.questions.filter((question) => data.answered_question_ids.includes(question.id));
  if (answered.length === 0) return <Text>You have not answered any security questions yet.</Text>;
  return (
    <Stack gap={4}>
      <Text>You have answered these questions:</Text>
      <List aria-label="Answered questions">
        {answered.map((question) => (
          <List.Item key={question.id}>{question.text}</List.Item>
        ))}
      </List>
      <Text size="sm">Saving replaces all of your answers, so enter each answer again.</Text>
    </Stack>
  );
}

/** /security_questions: choose and answer three or four questions, used to prove who you are. */
export function SecurityQuestionsPage() {
  const questions = useSecurityQuestions();
  return (
    <Stack maw={960}>
      <PageHeader
        title="Security questions"
        description={`Choose ${SECURITY_QUESTIONS_MIN} or ${SECURITY_QUESTIONS_MAX} different questions and answer each one.`}
      />
      {questions.error && (
        <Alert color="red" role="alert" title="Error">
          {errorMessage(questions.error)}
        </Alert>
      )}
      {questions.isPending && <CardSkeleton label="Loading security questions" />}
      {questions.data && (
        <>
          <AnsweredList data={questions.data} />
          <QuestionsForm data={questions.data} />
        </>
      )}
    </Stack>
  );
}
