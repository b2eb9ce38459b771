package billing

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/brightsmile-dental/practiceops/internal/models"
	"github.com/brightsmile-dental/practiceops/internal/platform/database"
	"github.com/brightsmile-dental/practiceops/internal/platform/ids"
	"github.com/brightsmile-dental/practiceops/internal/platform/jobqueue"
)

// KindMailStatement is the job that prints and mails one statement.
const KindMailStatement = "statement.mail"

// MailStatementPayload is the statement.mail job payload.
type MailStatementPayload struct {
	StatementID string `json:"statement_id"`
}

// StatementRunner produces the monthly statement cycle.
type StatementRunner interface {
	GenerateCycle(ctx context.Context, in GenerateCycleInput) (GenerateCycleOutput, error)
}

type GenerateCycleInput struct {
	CycleDate       time.Time
	MinBalanceCents int64
}

type GenerateCycleOutput struct {
	Generated int
	Voided    int64
}

type statementRunner struct {
	db    *gorm.DB
	queue jobqueue.Enqueuer
	log   *slog.Logger
}

// NewStatementRunner wires the statement cycle.
func NewStatementRunner(db *gorm.DB, queue jobqueue.Enqueuer, log *slog.Logger) StatementRunner {
	return &statementRunner{db: db, queue: queue, log: log}
}

type dueAccount struct {
	PatientID    uuid.UUID
	PracticeID   uuid.UUID
	BalanceCents int64
}

func (r *statementRunner) GenerateCycle(ctx context.Context, in GenerateCycleInput) (GenerateCycleOutput, error) {
	var due []dueAccount
	err := r.db.WithContext(ctx).Raw(`
		SELECT pa.patient_id, p.practice_id, pa.balance_cents
		  FROM patient_accounts pa
		  JOIN patients p ON p.id = pa.patient_id
		 WHERE pa.balance_cents >= ?
		   AND p.mailing_address IS NOT NULL
		 ORDER BY pa.patient_id`, in.MinBalanceCents).Scan(&due).Error
	if err != nil {
		return GenerateCycleOutput{}, fmt.Errorf("list balances: %w", err)
	}
	r.log.Info("statement cycle", "cycle", in.CycleDate.Format(time.DateOnly), "accounts", len(due))

	var out GenerateCycleOutput
	for _, acct := range due {
		st := models.Statement{
			ID:           ids.New(),
			PracticeID:   acct.PracticeID,
			PatientID:    acct.PatientID,
			CycleDate:    in.CycleDate,
			BalanceCents: acct.BalanceCents,
			Status:       models.StatementGenerated,
		}
		err := database.Transact(ctx, r.db, func(tx *gorm.DB) error {
			// Earlier unpaid statements are superseded by this one.
			res := tx.Model(&models.Statement{}).
				Where("patient_id = ? AND status IN ? AND cycle_date < ?", acct.PatientID,
					[]string{models.StatementGenerated, models.StatementMailed}, in.CycleDate).
				Updates(map[string]any{"status": models.StatementVoid, "updated_at": time.Now().UTC()})
			if res.Error != nil {
				return res.Error
			}
			out.Voided += res.RowsAffected
			if err := database.NewRepository[models.Statement](tx).Create(ctx, &st); err != nil {
				return err
			}
			_, err := r.queue.Enqueue(ctx, tx, jobqueue.EnqueueRequest{
				Kind:     KindMailStatement,
				DedupKey: "statement-mail:" + st.ID,
				Payload:  MailStatementPayload{StatementID: st.ID},
			})
			return err
		})
		if err != nil {
			return out, fmt.Errorf("statement for patient %s: %w", acct.PatientID, err)
		}
		out.Generated++
	}
	return out, nil
}
