import { codeOf, importsOf, sourceFiles } from './source-files';

/**
 * The layers of docs/architecture.md: the use cases (functions/core) speak in domain terms; only
 * functions/data speaks DynamoDB (its client, its transactions, its expressions), and only the
 * handlers and functions/http know about HTTP. A use case that builds an expression or imports the
 * HTTP layer is a storage or transport detail leaking into the rules.
 */
const coreFiles = sourceFiles('functions/core');

/** Whether a root-relative import names `module` (with or without its extension). */
const names = (imported: string, module: string) => imported === module || imported === `${module}.ts`;

/** Fragments of DynamoDB's expression language and request shapes. */
const dynamoDbExpressions: { what: string; pattern: RegExp }[] = [
  {
    what: 'a condition function (attribute_exists, attribute_not_exists, attribute_type, begins_with, size)',
    pattern: /\b(attribute_not_exists|attribute_exists|attribute_type|begins_with|size)\s*\(/,
  },
  { what: 'an update function (list_append, if_not_exists)', pattern: /\b(list_append|if_not_exists)\s*\(/ },
  { what: 'an update clause on a placeholder or attribute (SET #a = …, ADD n :v, REMOVE #a)', pattern: /\b(SET|ADD|REMOVE|DELETE)\s+[#\w]+\s*(=|:|,|\s+:)/ },
  { what: 'a name or value placeholder in a string (#f0, :v0, :uuid)', pattern: /['"`](?:[^'"`]*\s)?(?:#[A-Za-z_]\w*|:[A-Za-z_]\w*)(?:\s[^'"`]*)?['"`]/ },
  {
    what: 'a reading of the database’s own errors (CancellationReasons, ConditionalCheckFailed…)',
    pattern: /\b(CancellationReasons|ConditionalCheckFailed\w*|TransactionCanceledException)\b/,
  },
  {
    what: 'a request field (TableName, ConditionExpression, UpdateExpression, ExpressionAttribute…, TransactItems)',
    pattern:
      /\b(TableName|ConditionExpression|UpdateExpression|KeyConditionExpression|ProjectionExpression|ExpressionAttributeNames|ExpressionAttributeValues|TransactItems)\b/,
  },
];

/** Every line of core code matching `pattern`, as `file:line: text`. */
function linesMatching(pattern: RegExp): string[] {
  return coreFiles.flatMap((file) =>
    codeOf(file)
      .split('\n')
      .flatMap((text, index) => (pattern.test(text) ? [`${file}:${index + 1}: ${text.trim()}`] : [])),
  );
}

/**
 * Storage speaks the domain to core (docs/architecture.md « Layers »): a use case hands the
 * store to named operations of functions/data and gets back domain outcomes (which named condition
 * failed). What it must not know: the store's members (its table's name, its client), the items
 * of a transaction (db.ts's TransactionItem, the old unit-of-work calls), their
 * positions, DynamoDB's limit on their number.
 */
const storageDetails: { what: string; pattern: RegExp }[] = [
  { what: 'a member of the store (deps.store.table, store.doc…)', pattern: /\bstore\??\.[A-Za-z_$]|\.doc\b/ },
  {
    what: 'the raw items of a unit of work (StorageWrite, TransactionItem, commitUnit, commitUnitIfFirst, racesLostAt, isLostRace, maxWritesPerUnit)',
    pattern: /\b(StorageWrite|TransactionItem|commitUnit|commitUnitIfFirst|racesLostAt|isLostRace|maxWritesPerUnit)\b/,
  },
  {
    what: 'DynamoDB’s limits on the items of a transaction or a batch (100 items, 25 items)',
    pattern: /\b(100|25) items\b|maxTransactionItems|maxWritesPerUnit/,
  },
];

describe('functions/core speaks in domain terms: storage stays in functions/data, HTTP in functions/http', () => {
  it('the check sees the use cases (a moved folder would make it pass vacuously)', () => {
    expect(coreFiles.length).toBeGreaterThan(100);
    expect(coreFiles).toEqual(expect.arrayContaining(['functions/core/planning-actions/planning-transaction.ts', 'functions/core/booking/book-slot.ts']));
  });

  it('no core file imports functions/data/db (the client, its transactions and condition failures)', () => {
    const offenders = coreFiles.filter((file) => importsOf(file).some((imported) => names(imported, 'functions/data/db')));
    expect(offenders).toEqual([]);
  });

  it('no core file imports the AWS SDK', () => {
    const offenders = coreFiles.filter((file) => importsOf(file).some((imported) => imported.startsWith('@aws-sdk/')));
    expect(offenders).toEqual([]);
  });

  it.each(dynamoDbExpressions)('no core file builds a DynamoDB expression: $what', ({ pattern }) => {
    expect(linesMatching(pattern)).toEqual([]);
  });

  it.each(storageDetails)('no core file knows how storage writes: $what', ({ pattern }) => {
    expect(linesMatching(pattern)).toEqual([]);
  });

  it('no core file imports functions/http (the caller and the logger live in core and runtime)', () => {
    const offenders = coreFiles.flatMap((file) =>
      importsOf(file)
        .filter((imported) => imported.startsWith('functions/http/'))
        .map((imported) => `${file} → ${imported}`),
    );
    expect(offenders).toEqual([]);
  });
});
