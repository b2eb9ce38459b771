// Package naturalkey defines an Analyzer that reports INSERTs of an
// operation key on a retried path that have no conflict handling.
//
// # Analyzer naturalkey
//
// When the row a handler creates has an identifier the caller already
// knows (the order ID from the message, the request's idempotency key,
// the job ID), a uniqueness constraint with INSERT ... ON CONFLICT DO
// NOTHING makes the second delivery harmless with no extra machinery. An
// INSERT of such a key without conflict handling either fails on the
// retry, where the first attempt succeeded, or adds a duplicate row:
//
//	func (w *Worker) Work(ctx context.Context, job *river.Job[ShipArgs]) error {
//		_, err := pool.Exec(ctx, "INSERT INTO shipments (shipment_id, order_id) VALUES ($1, $2)",
//			job.ID, job.Args.OrderID) // reported
//		return err
//	}
//
// An operation key is a message, job or task ID, the request's
// Idempotency-Key header (read from net/http's, a framework's or an API
// Gateway request's headers, or a gRPC call's metadata), a field of the
// request named for one (IdempotencyKey, ClientToken, read directly or
// through a protobuf getter), a value derived from one, or a caller-known
// value (from a parameter on the retried path) in the row's own identity
// column: its primary key when the schema declares one, else a key the
// schema declares, else by name (id, or <table>_id, _number, _ref,
// _seq...). A value computed from a caller-known one alone (upper-cased,
// trimmed, prefixed, or normalised by a function of the package that
// only derives) is caller-known too, and so is the identity of a row a
// lookup that only reads found by caller-known values (ret.ID, ret what
// Get(ctx, returnID) returned). A key of several columns the schema
// declares, each caller-known or a constant (the contract of the event
// and the milestone "deposit"), names the row as well, whatever fresh
// ID its primary key gets: the message names the key, (account_id,
// plate). A generic repository that formats its INSERT around its row
// type (fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)", v.TableName(),
// ...), run with v.Values()... or a NamedExec of v) inserts, at each
// call, the table and fields of the type argument the call names; so
// does one that builds it by reflection on the row's db tags, written
// into a strings.Builder, whose conflict clause an option adds
// (Insert(ctx, db, row, OnConflictDoNothing(...))): a call that passes
// no option inserts without one, and the finding is at that call.
// A unique email or username beside a primary key the database makes is
// a rule of the domain, and its violation the answer a repeated sign-up
// should get: it is not reported. The check does not report
// INSERTs with ON CONFLICT, ON DUPLICATE KEY, INSERT IGNORE, MERGE or
// WHERE NOT EXISTS; INSERTs a DELETE of their table runs before on the
// root's way, whose condition names only columns they fill (a claim's
// lines deleted, then inserted again); functions that take a unique violation (test for
// SQLSTATE 23505, MySQL 1062 or gorm.ErrDuplicatedKey and go on without
// an error), or rename it to an error (return ErrConflict) that code of
// the program takes (errors.Is(err, ErrConflict) going on without one),
// unless a caller on the root's path tests for that error and answers
// with a failure of its own (if errors.Is(err, store.ErrDuplicate) {
// return ErrConflict }), and transaction callbacks (gorm's Transaction, pgx.BeginFunc, bun's
// RunInTx) whose caller takes the transaction's; INSERTs after a
// conflict-tolerant insert (a dedup guard) that commits with them or
// has committed by then (a guard in a transaction still open when the
// INSERT commits on another handle guards nothing: a failure rolls it
// back); at the composition root, INSERTs whose failure the root only
// logs and goes on past (a delivery log's record), which fail no retry;
// fresh values (freshid's), made here or by a helper of another
// package whose summary says its result is fresh (ids.NewUUID);
// and SQL text that is not constant; INSERTs past a test of what they
// write (a lookup of the row by the key it is then inserted under, a
// status the same function sets), which a retry after the write leaves
// at. Nor does it report the row of a
// key table (idempotency_keys, processed_messages...) that guards the
// function's other writes: written before one of them, or with its
// error deciding the path (returned, or tested and returned on), its
// unique violation is what stops the retry. A key row that carries an
// operation key, written after the effect with its error logged or
// dropped, guards nothing: it is reported, without a fix (absorbing its
// duplicate would hide the failure and still repeat the effect), and
// the message asks for it to be written first.
//
// A key of the domain that the caller's values fill (UNIQUE (desk_id,
// day), a patient's (clinic_id, mrn)) can be another request's: a fix
// that absorbed the conflict would answer that request with this one's
// row, so such a finding carries none, and its message says to answer a
// row another request made as the conflict it is. The fix is offered
// for an operation key and for the row's own identity.
//
// The suggested fix adds ON CONFLICT DO NOTHING to the SQL literal
// (PostgreSQL and SQLite; without a conflict target it needs no
// particular index), or ON DUPLICATE KEY UPDATE col = col for MySQL,
// when the dialect is known from the placeholders and the drivers the
// package imports. When the code reads the rows of its RETURNING clause,
// the fix writes ON CONFLICT (col) DO UPDATE SET col = EXCLUDED.col on
// the key column instead, so that a retry gets the existing row back
// rather than ErrNoRows (PostgreSQL and SQLite). The conflict target is
// the key that holds the column when the schema declares the table
// (ON CONFLICT (clinic_id, mrn) for clinic_id of UNIQUE (clinic_id,
// mrn), which PostgreSQL requires); when no key the INSERT fills holds
// it, there is no fix.
//
// An INSERT that a handler reaches through interfaces is judged where
// the program's main package links the implementations: it is reported
// when its own identity column is filled with a value the handler hands
// down through each implementation's parameters (a value a service
// makes itself is not one), with no conflict handling, no guard before
// it and no unique violation handled around the call. The finding is at
// the INSERT, with each interface and its implementation in the chain;
// under go vet and gopls, and under golangci-lint, it is reported where
// main wires the handler's package, naming the INSERT's position. At
// the INSERT, the finding carries the same fix as a handler's own
// INSERT (the edit is in the implementation's file); at the wiring it
// carries none, and the message says what to add.
//
// A query builder's insert of a model (bun's
// db.NewInsert().Model(&fee).Exec(ctx)) is the INSERT of the model's
// columns, each bound to its field; On("CONFLICT ...") on its chain is
// its conflict handling. Its fix, when Exec is given nothing to scan
// into, adds On("CONFLICT DO NOTHING"), or Ignore() on MySQL, in the
// dialect the program links (bun.NewDB(sqldb, pgdialect.New())). So is the create of a builder the API ent
// generates (client.Transfer.Create().SetID(id).Exec(ctx)), with the
// columns its setters name and OnConflict...DoNothing() or Ignore() its
// conflict handling; its keys are read from ent's migration schema
// (ent/migrate/schema.go) as from SQL. The fix of a create that Exec
// runs adds OnConflictColumns("key").Ignore(), which leaves the stored
// row as it is and answers the retry without an error; a create that
// Save runs returns the entity, which no upsert does, and gets none.
//
// A gorm Create in a function that makes other writes gets no fix unless
// the code reads the Create's RowsAffected: ignoring the duplicate alone
// would let those writes run again, and the message says to stop when no
// row is written. So does an INSERT after which the operation (the
// function, or the root's list through the implementations) makes a
// write computed from the current value (balance = balance + $1), or,
// through the implementations, inserts a row under an identity the root
// does not give (a ledger entry under a new ID), or hands the INSERT's
// transaction on to a helper (s.wallet.Apply(ctx, tx, ...)) whose
// writes it cannot all read: its unique violation is what stops that
// write from running twice today, and the message says to stop before
// it when the row exists. A finding without a fix names the conflict handling to
// add, in the statement's dialect when its text shows it, or else the
// dialect of the drivers the program links (sqlx's named parameters in a
// repository that imports no driver).
//
// A function that tests the error for a unique violation with a
// predicate of its own package or another's (db.IsUniqueViolation(err))
// and goes on without an error takes the duplicate: no finding. One that
// answers it with an error (its own conflict("exists"), another
// package's domain.Conflict(...)) fails the retry as before.
package naturalkey
