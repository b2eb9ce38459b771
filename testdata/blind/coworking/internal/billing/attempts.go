package billing

import (
	"context"
	"database/sql"

	"github.com/deskhive/coworking/internal/db"
	"github.com/deskhive/coworking/internal/idgen"
)

// attemptLog appends one row per provider call. It is an audit trail, not a
// dedup mechanism: every call gets its own row, retries included.
type attemptLog struct {
	q interface {
		InsertPaymentAttempt(ctx context.Context, arg db.InsertPaymentAttemptParams) error
	}
}

func (a attemptLog) record(ctx context.Context, subjectType, subjectID, providerRef string, callErr error) {
	outcome, detail := "succeeded", sql.NullString{}
	if callErr != nil {
		outcome = "failed"
		detail = sql.NullString{String: callErr.Error(), Valid: true}
	}
	_ = a.q.InsertPaymentAttempt(ctx, db.InsertPaymentAttemptParams{
		ID:          idgen.NewID(),
		SubjectType: subjectType,
		SubjectID:   subjectID,
		ProviderRef: sql.NullString{String: providerRef, Valid: providerRef != ""},
		Outcome:     outcome,
		Detail:      detail,
	})
}
