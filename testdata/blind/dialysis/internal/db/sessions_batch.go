package db

// Hand-written: sqlc cannot generate a multi-row VALUES insert for
// database/sql, and materializing a clinic week one row at a time was the
// slowest part of the Sunday run.

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
)

type InsertTreatmentSessionParams struct {
	ID          uuid.UUID
	ScheduleID  uuid.UUID
	ClinicID    uuid.UUID
	PatientID   uuid.UUID
	ChairID     uuid.UUID
	SessionDate time.Time
	Shift       int16
}

const insertTreatmentSessionsPrefix = `INSERT INTO treatment_sessions
    (id, schedule_id, clinic_id, patient_id, chair_id, session_date, shift)
VALUES `

// sessionBatchSize keeps the bind-parameter count well under Postgres'
// 65535 limit (7 params per row).
const sessionBatchSize = 500

// InsertTreatmentSessions writes the rows in batches. It returns the number
// of rows inserted.
func (q *Queries) InsertTreatmentSessions(ctx context.Context, rows []InsertTreatmentSessionParams) (int64, error) {
	var total int64
	for start := 0; start < len(rows); start += sessionBatchSize {
		end := start + sessionBatchSize
		if end > len(rows) {
			end = len(rows)
		}
		batch := rows[start:end]

		var sb strings.Builder
		sb.WriteString(insertTreatmentSessionsPrefix)
		args := make([]interface{}, 0, len(batch)*7)
		for i, r := range batch {
			if i > 0 {
				sb.WriteString(", ")
			}
			n := i * 7
			fmt.Fprintf(&sb, "($%d, $%d, $%d, $%d, $%d, $%d, $%d)", n+1, n+2, n+3, n+4, n+5, n+6, n+7)
			args = append(args, r.ID, r.ScheduleID, r.ClinicID, r.PatientID, r.ChairID, r.SessionDate, r.Shift)
		}

		res, err := q.db.ExecContext(ctx, sb.String(), args...)
		if err != nil {
			return total, err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return total, err
		}
		total += n
	}
	return total, nil
}
