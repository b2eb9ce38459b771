// Package numbering formats the document numbers printed on statements.
package numbering

import (
	"fmt"
	"strings"
	"time"
)

// StatementNumber returns the number printed on a daily statement, e.g.
// "SK-ARN-20261203-48213". The trailing sequence keeps numbers unique when
// finance re-issues a statement for the same day.
func StatementNumber(airlineCode, station string, serviceDate time.Time) string {
	seq := time.Now().UnixMilli() % 100000
	return fmt.Sprintf("%s-%s-%s-%05d",
		strings.ToUpper(airlineCode), strings.ToUpper(station), serviceDate.Format("20060102"), seq)
}

// Period returns the billing period key (YYYY-MM) for a date.
func Period(t time.Time) string {
	return t.Format("2006-01")
}
