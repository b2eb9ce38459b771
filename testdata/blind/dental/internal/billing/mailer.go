package billing

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/brightsmile-dental/practiceops/internal/models"
	"github.com/brightsmile-dental/practiceops/internal/platform/database"
	"github.com/brightsmile-dental/practiceops/internal/platform/jobqueue"
	"github.com/brightsmile-dental/practiceops/internal/providers/postal"
)

// StatementMailer handles statement.mail jobs.
type StatementMailer struct {
	statements *database.Repository[models.Statement]
	patients   *database.Repository[models.Patient]
	practices  *database.Repository[models.Practice]
	mailer     postal.Mailer
	templateID string
	payURL     func(statementID string) string
}

// NewStatementMailer wires the mailer. payURL builds the pay-online link
// printed on the statement.
func NewStatementMailer(db *gorm.DB, mailer postal.Mailer, templateID string, payURL func(string) string) *StatementMailer {
	return &StatementMailer{
		statements: database.NewRepository[models.Statement](db),
		patients:   database.NewRepository[models.Patient](db),
		practices:  database.NewRepository[models.Practice](db),
		mailer:     mailer,
		templateID: templateID,
		payURL:     payURL,
	}
}

// Handle prints and mails the statement named in the job.
func (m *StatementMailer) Handle(ctx context.Context, job jobqueue.Job) error {
	var p MailStatementPayload
	if err := job.Decode(&p); err != nil {
		return fmt.Errorf("%w: %v", jobqueue.ErrPermanent, err)
	}
	st, err := m.statements.Get(ctx, p.StatementID)
	if err != nil {
		return err
	}
	if st.Status != models.StatementGenerated {
		return nil
	}
	patient, err := m.patients.Get(ctx, st.PatientID)
	if err != nil {
		return err
	}
	practice, err := m.practices.Get(ctx, st.PracticeID)
	if err != nil {
		return err
	}
	var to, from models.Address
	if err := patient.MailingAddress.Decode(&to); err != nil {
		return fmt.Errorf("%w: patient address: %v", jobqueue.ErrPermanent, err)
	}
	if err := practice.ReturnAddress.Decode(&from); err != nil {
		return fmt.Errorf("%w: practice address: %v", jobqueue.ErrPermanent, err)
	}
	to.Name = patient.FirstName + " " + patient.LastName

	letter, err := m.mailer.SendLetter(ctx, postal.LetterRequest{
		To:         to,
		From:       from,
		TemplateID: m.templateID,
		MergeVariables: map[string]any{
			"practice_name": practice.Name,
			"patient_name":  to.Name,
			"statement_id":  st.ID,
			"cycle_date":    st.CycleDate.Format("January 2, 2006"),
			"balance":       fmt.Sprintf("$%d.%02d", st.BalanceCents/100, st.BalanceCents%100),
			"pay_url":       m.payURL(st.ID),
		},
		ReturnEnvelope: true,
		Description:    "Statement " + st.ID,
		Metadata:       map[string]string{"statement_id": st.ID},
	})
	if err != nil {
		return err
	}
	now := time.Now().UTC()
	_, err = m.statements.UpdateWhere(ctx,
		map[string]any{"status": models.StatementMailed, "postal_letter_id": letter.ID, "mailed_at": now, "updated_at": now},
		"id = ? AND status = ?", st.ID, models.StatementGenerated)
	return err
}
