// Package audit appends to the audit trail. Every call writes a new row,
// including calls made while a request is being retried; the trail records
// what was attempted, not what took effect.
package audit

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/google/uuid"

	"github.com/docketly/efile/internal/store/db"
	"github.com/docketly/efile/internal/store/repo"
)

// Recorder writes audit events.
type Recorder struct {
	db  db.DBTX
	log *slog.Logger
}

// NewRecorder returns a Recorder.
func NewRecorder(q db.DBTX, log *slog.Logger) *Recorder {
	return &Recorder{db: q, log: log}
}

// Event is one audit record.
type Event struct {
	FirmID    *uuid.UUID
	Actor     string
	Action    string
	SubjectID string
	Detail    map[string]any
}

// Record appends ev. Failures are logged, never returned: the audit trail
// must not fail the request it describes.
func (r *Recorder) Record(ctx context.Context, ev Event) {
	detail, err := json.Marshal(ev.Detail)
	if err != nil || ev.Detail == nil {
		detail = []byte("{}")
	}
	row := db.AuditEvent{
		ID:        uuid.New(),
		FirmID:    ev.FirmID,
		Actor:     ev.Actor,
		Action:    ev.Action,
		SubjectID: ev.SubjectID,
		Detail:    detail,
	}
	if _, err := repo.Insert(ctx, r.db, &row); err != nil {
		r.log.WarnContext(ctx, "audit write failed", "action", ev.Action, "subject", ev.SubjectID, "err", err)
	}
}
