// Package queries keeps every SQL statement the depot services run as a
// string constant, grouped by aggregate. Statements use $n placeholders
// (lib/pq) unless they are named statements for sqlx.NamedExec.
package queries
