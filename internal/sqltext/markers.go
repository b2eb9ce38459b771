package sqltext

import "slices"

// MarkerTables returns the tables that a list of statements uses as
// markers of work done, whatever their names: it looks a row up by a
// column (SELECT EXISTS (... WHERE return_id = $1)), writes other
// tables, and then inserts a row of that column and little else
// (maxMarkerColumns) into the table: a record of the work, not a row of
// its data.
func MarkerTables(parsed []*Statement) map[string]bool {
	out := map[string]bool{}
	for i, check := range parsed {
		if check.Kind != Select || check.Table == "" {
			continue
		}
		for j := i + 1; j < len(parsed); j++ {
			mark := parsed[j]
			// An upsert moves a value (a cursor's position), which
			// marks no work done; but not when the check only asks
			// whether the row is there (SELECT COUNT(*) ... WHERE
			// job_key = ?): the upsert then marks it, refreshing when.
			if mark.Kind != Insert || mark.Upsert && !check.Exists || mark.Table != check.Table || !MarkerRow(mark) ||
				!slices.ContainsFunc(check.WhereColumns(), func(c string) bool { return slices.Contains(mark.Columns, c) }) {
				continue
			}
			if slices.ContainsFunc(parsed[i+1:j], func(w *Statement) bool { return w.Writes() && w.Table != check.Table }) {
				out[check.Table] = true
			}
		}
	}
	return out
}

// maxMarkerColumns bounds the columns of a marker's row: its key, and
// what kind of work or when.
const maxMarkerColumns = 3

// MarkerRow reports whether an INSERT's row is small enough to be a
// marker's: a key, and what kind of work or when.
func MarkerRow(st *Statement) bool {
	return len(st.Columns) > 0 && len(st.Columns) <= maxMarkerColumns
}

// IsMarker reports whether a statement checks or inserts a marker of
// work done.
func IsMarker(markers map[string]bool, st *Statement) bool {
	return markers[st.Table] && (st.Kind == Select || st.Kind == Insert)
}

// ClaimsQueueRow reports whether a statement's text takes rows no other
// transaction can take meanwhile (FOR UPDATE SKIP LOCKED), as a worker
// that claims jobs from a table does. Comments and strings are not read.
func ClaimsQueueRow(text string) bool {
	toks := lex(text)
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].kind == tWord && toks[i].text == "SKIP" && toks[i+1].kind == tWord && toks[i+1].text == "LOCKED" {
			return true
		}
	}
	return false
}
