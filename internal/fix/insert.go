package fix

import (
	"strconv"
	"strings"
)

// InsertIgnoringDuplicate renders an INSERT of values into the columns
// cols of table that affects no row when the row's key is there already,
// as dialect d writes it (not DialectUnknown): ON CONFLICT DO NOTHING for
// PostgreSQL and SQLite; INSERT IGNORE for MySQL, which affects no row on
// a duplicate whatever the driver's found-rows flag, where ON DUPLICATE
// KEY UPDATE c = c would count one with it.
func InsertIgnoringDuplicate(d Dialect, table string, cols, values []string) string {
	insert, conflict := "INSERT INTO ", " ON CONFLICT DO NOTHING"
	if d == MySQL {
		insert, conflict = "INSERT IGNORE INTO ", ""
	}
	return insert + table + " (" + strings.Join(cols, ", ") + ") VALUES (" + strings.Join(values, ", ") + ")" + conflict
}

// ConflictClause returns the clause that, appended to an INSERT of
// dialect d whose first column is firstCol, makes a duplicate key
// absorbed rather than an error: ON CONFLICT DO NOTHING for PostgreSQL
// and SQLite, ON DUPLICATE KEY UPDATE firstCol = firstCol for MySQL
// (INSERT IGNORE would need the head of the statement changed, and
// ignores other errors too); "" for an unknown dialect. Unlike
// InsertIgnoringDuplicate's, MySQL's clause may count the row as
// affected: it is for a retry to pass, not for rows affected to decide.
func ConflictClause(d Dialect, firstCol string) string {
	switch d {
	case PostgreSQL, SQLite:
		return " ON CONFLICT DO NOTHING"
	case MySQL:
		return " ON DUPLICATE KEY UPDATE " + firstCol + " = " + firstCol
	}
	return ""
}

// SQLLiteral quotes SQL text as a Go string literal: raw when the text
// holds double quotes (quoted identifiers), which would otherwise need
// escapes, and no backquote.
func SQLLiteral(sql string) string {
	if strings.Contains(sql, `"`) && !strings.Contains(sql, "`") {
		return "`" + sql + "`"
	}
	return strconv.Quote(sql)
}
