package sqlrepo

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/google/uuid"

	"github.com/acme/payroll/internal/store/uow"
)

// AuditLog is an append-only trail of who did what. It is read by support
// and by the compliance export; nothing else depends on it.
type AuditLog struct {
	db *sql.DB
}

func NewAuditLog(db *sql.DB) *AuditLog { return &AuditLog{db: db} }

func (a *AuditLog) Append(ctx context.Context, actor, action, subject string, detail any) error {
	var raw []byte
	if detail != nil {
		b, err := json.Marshal(detail)
		if err != nil {
			return err
		}
		raw = b
	}
	_, err := uow.Exec(ctx, a.db).ExecContext(ctx, `
		INSERT INTO audit_log (id, actor, action, subject, detail) VALUES ($1, $2, $3, $4, $5)`,
		uuid.New(), actor, action, subject, raw)
	return err
}
