package workers

import (
	"context"
	"fmt"

	"github.com/riverqueue/river"

	"github.com/quadhall/housing/internal/db"
	"github.com/quadhall/housing/internal/jobs"
	"github.com/quadhall/housing/internal/providers/mailer"
	"github.com/quadhall/housing/internal/store"
)

// Sender sends templated email.
type Sender interface {
	Send(ctx context.Context, msg mailer.Message) error
}

// sendEmail is the send_email worker: the send is the whole job, so a
// retry only happens when the send itself failed.
func sendEmail(m Sender) river.Worker[jobs.SendEmailArgs] {
	return river.WorkFunc(func(ctx context.Context, job *river.Job[jobs.SendEmailArgs]) error {
		data := job.Args.Data
		if data == nil {
			data = map[string]any{}
		}
		data["ref"] = job.Args.Ref
		return m.Send(ctx, mailer.Message{To: job.Args.To, Template: job.Args.Template, Data: data})
	})
}

// bankDetailsReminder re-checks that the student still has no payout
// account before reminding them.
func bankDetailsReminder(q db.Querier, m Sender) river.Worker[jobs.BankDetailsReminderArgs] {
	return river.WorkFunc(func(ctx context.Context, job *river.Job[jobs.BankDetailsReminderArgs]) error {
		student, err := q.GetStudent(ctx, job.Args.StudentID)
		if store.IsNotFound(err) {
			return river.JobCancel(err)
		}
		if err != nil {
			return fmt.Errorf("load student: %w", err)
		}
		if student.PayoutAccountID.Valid {
			return nil
		}
		return m.Send(ctx, mailer.Message{
			To:       student.Email,
			Template: "refund_bank_details_reminder",
			Data: map[string]any{
				"name":          student.FullName,
				"assignment_id": job.Args.AssignmentID,
			},
		})
	})
}
