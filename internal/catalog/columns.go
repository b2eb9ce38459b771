package catalog

import (
	"slices"
	"strings"
)

// Columns and tables that hold identities: by the schema the module's
// migrations declare, the configuration, and names.

// IsKeyColumn reports whether an INSERT column names the row's identity:
// id, number, reference, code, key or seq (an event's sequence number
// in its stream), names ending in _id, _number, _no, _ref, _reference,
// _code, _key or _seq, and configured key columns.
func (c *Catalog) IsKeyColumn(col string) bool {
	col = strings.ToLower(strings.Trim(col, "`\"[]"))
	if c.keyColumns[col] {
		return true
	}
	switch col {
	case "id", "number", "reference", "code", "key", "uuid", "seq", "sequence":
		return true
	}
	for _, suffix := range identitySuffixes {
		if strings.HasSuffix(col, suffix) {
			return true
		}
	}
	return false
}

// identitySuffixes end the names of identity columns.
var identitySuffixes = []string{"_id", "_number", "_no", "_ref", "_reference", "_code", "_key", "_uuid", "_seq"}

// IsAttemptLog reports whether a table, or the model type stored in it,
// is a log that grows on every attempt by design (payout_attempts,
// DeliveryAttempt, audit_log): a retry's row records the retry, so its
// identity may be fresh and no key of the operation makes it unique.
func IsAttemptLog(name string) bool {
	name = strings.Trim(name, "`\"[]")
	name = name[strings.LastIndex(name, ".")+1:]
	for _, w := range nameWords(name) {
		if attemptLogWords[w] {
			return true
		}
	}
	return false
}

// attemptLogWords are the words of a table's or model's name that say
// it logs attempts, or reports a device sends on a schedule (a kiosk's
// heartbeats, telemetry samples): one more row per report is what it
// keeps, and a repeated one is another sample.
var attemptLogWords = map[string]bool{
	"attempt": true, "attempts": true, "audit": true, "audits": true, "log": true, "logs": true,
	"heartbeat": true, "heartbeats": true, "telemetry": true,
}

// nameWords splits a snake_case or CamelCase name into lower-case words.
func nameWords(name string) []string {
	var words []string
	start := 0
	for i := 1; i <= len(name); i++ {
		if i == len(name) || name[i] == '_' || name[i] == '-' ||
			'A' <= name[i] && name[i] <= 'Z' && 'a' <= name[i-1] && name[i-1] <= 'z' {
			if w := strings.Trim(name[start:i], "_-"); w != "" {
				words = append(words, strings.ToLower(w))
			}
			start = i
		}
	}
	return words
}

// IsIdentity reports whether column col of table is the identity of the
// table's rows (none, of a log of attempts): a column of its primary key or of a unique constraint,
// when a CREATE TABLE in the schema shows them, or a configured key
// column; otherwise, when the table's keys are not known, a column whose
// name says so (IsKeyColumn).
func (c *Catalog) IsIdentity(table, col string) bool {
	if IsAttemptLog(table) {
		return false
	}
	col = strings.ToLower(strings.Trim(col, "`\"[]"))
	if id, known := c.tables.Identity(strings.Trim(table, "`\"[]"), col); known {
		return id || c.keyColumns[col]
	}
	return c.IsKeyColumn(col)
}

// IsOwnIdentity reports whether col is the identity of table's own rows,
// as opposed to a reference to another table's (orders.customer_id): a
// column of its primary key, when the schema declares one (a unique
// email beside it is a rule of the domain, whose violation is the
// answer a repeated sign-up should get), or of any key the schema
// declares, or a configured key column; otherwise id, or the table's
// singular name followed by an identity suffix (orders.order_id,
// invoices.invoice_number).
func (c *Catalog) IsOwnIdentity(table, col string) bool {
	if IsAttemptLog(table) {
		return false
	}
	table = strings.Trim(table, "`\"[]")
	if primary, known := c.tables.Primary(table); known {
		lc := strings.ToLower(strings.Trim(col, "`\"[]"))
		if len(primary) > 0 {
			return slices.Contains(primary, lc) || c.keyColumns[lc]
		}
		return c.IsIdentity(table, col)
	}
	col = strings.ToLower(strings.Trim(col, "`\"[]"))
	if col == "id" {
		return true
	}
	table = strings.ToLower(table[strings.LastIndex(table, ".")+1:])
	for _, singular := range []string{strings.TrimSuffix(table, "s"), strings.TrimSuffix(table, "es"), strings.TrimSuffix(table, "ies") + "y"} {
		for _, suffix := range identitySuffixes {
			if col == singular+suffix {
				return true
			}
		}
	}
	return false
}

// CallerKey returns the key that holds col, an identifier by its name
// (customs_filings.shipment_id), when it is a key that the schema
// declares for table (its primary key or a unique constraint or index)
// every column of which the INSERT fills with a value its caller knows
// (known): the row is the one row of the operation on that entity, a
// retry repeats the key, and the INSERT fails on it or, with conflict
// handling, is absorbed. A unique attribute (users.email) is a rule of
// the domain, as for IsOwnIdentity. An attempt log's rows are one per
// attempt by their name, but one whose schema keys them by an entity
// the caller knows (door_audit (event_id PRIMARY KEY), filled with the
// event's ID) keeps one row per operation, and a retry's INSERT fails
// on it like any other's.
func (c *Catalog) CallerKey(table, col string, known func(col string) bool) []string {
	col = strings.ToLower(strings.Trim(col, "`\"[]"))
	if !c.IsKeyColumn(col) || col == "id" && IsAttemptLog(table) {
		// An attempt log's own id is each attempt's: fresh, not
		// traced as such into a log.
		return nil
	}
	for _, key := range c.tables.Keys(strings.Trim(table, "`\"[]")) {
		if slices.Contains(key, col) && !slices.ContainsFunc(key, func(k string) bool { return !known(k) }) {
			return key
		}
	}
	return nil
}

// KeyName names a key in a message: its column, or its columns in
// parentheses.
func KeyName(key []string) string {
	if len(key) == 1 {
		return key[0]
	}
	return "(" + strings.Join(key, ", ") + ")"
}

// ConflictTarget returns the columns of the key an INSERT into table
// that fills cols can name as its conflict target for col: the
// schema's unique key, or primary key, that holds col and whose columns
// the INSERT fills, the shortest first ((clinic_id, mrn) for clinic_id).
// A table the schema does not declare gives col alone, which then
// relies on a unique index on it; one it declares with no such key
// gives none, as an ON CONFLICT with that target would fail every
// attempt.
func (c *Catalog) ConflictTarget(table string, cols []string, col string) ([]string, bool) {
	table = strings.Trim(table, "`\"[]")
	col = strings.ToLower(strings.Trim(col, "`\"[]"))
	if _, known := c.tables.Primary(table); !known {
		return []string{col}, true
	}
	keys := c.tables.Keys(table)
	filled := make(map[string]bool)
	for _, c := range cols {
		filled[strings.ToLower(strings.Trim(c, "`\"[]"))] = true
	}
	var best []string
	for _, key := range keys {
		if slices.Contains(key, col) && !slices.ContainsFunc(key, func(k string) bool { return !filled[k] }) && (best == nil || len(key) < len(best)) {
			best = key
		}
	}
	return best, best != nil
}

// DeclaresTable reports whether the schema declares table: a conflict
// target of its keys is then known to be one, where another table's
// would only be guessed.
func (c *Catalog) DeclaresTable(table string) bool {
	_, known := c.tables.Primary(strings.Trim(table, "`\"[]"))
	return known
}

// FailsOnAnotherKey reports whether an INSERT into table that fills the
// columns cols fails on a retry through a key the schema declares that
// does not hold col: every column of that key is among cols. A retry
// that repeats those values (a user's email under UNIQUE) then fails
// rather than inserting a second row, whatever col holds.
func (c *Catalog) FailsOnAnotherKey(table string, cols []string, col string) bool {
	col = strings.ToLower(strings.Trim(col, "`\"[]"))
	filled := make(map[string]bool)
	for _, c := range cols {
		filled[strings.ToLower(strings.Trim(c, "`\"[]"))] = true
	}
	for _, key := range c.tables.Keys(strings.Trim(table, "`\"[]")) {
		if len(key) == 0 || slices.Contains(key, col) {
			continue
		}
		if !slices.ContainsFunc(key, func(k string) bool { return !filled[k] }) {
			return true
		}
	}
	return false
}

// GeneratedIdentity returns the column of table's primary key when the
// database makes the whole key (a serial, an identity, a generator
// default) and an INSERT filling cols leaves it to the database, with
// no other key the schema declares that those columns fill: every run
// of the INSERT adds a row under a new identity.
func (c *Catalog) GeneratedIdentity(table string, cols []string) (string, bool) {
	table = strings.Trim(table, "`\"[]")
	key, ok := c.tables.GeneratedKey(table)
	if !ok {
		return "", false
	}
	for _, col := range cols {
		if slices.Contains(key, strings.ToLower(strings.Trim(col, "`\"[]"))) {
			return "", false
		}
	}
	if c.FailsOnAnotherKey(table, cols, key[0]) {
		return "", false
	}
	return key[0], true
}
