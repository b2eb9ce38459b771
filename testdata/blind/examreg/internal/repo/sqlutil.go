package repo

import (
	"context"
	"fmt"
	"strings"

	"gorm.io/gorm"

	"github.com/lexicaassess/examreg/internal/platform/dbx"
)

// execInsert runs a single-row INSERT built from a column list. It exists for
// tables that have no gorm model (tracking and audit tables).
func execInsert(ctx context.Context, db *gorm.DB, table string, cols []string, args ...any) error {
	if len(cols) != len(args) {
		return fmt.Errorf("repo: insert into %s: %d columns, %d values", table, len(cols), len(args))
	}
	ph := strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ")
	sql := fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)", table, strings.Join(cols, ", "), ph)
	return dbx.Conn(ctx, db).Exec(sql, args...).Error
}
