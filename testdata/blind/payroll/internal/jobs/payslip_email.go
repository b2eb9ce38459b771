package jobs

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/riverqueue/river"

	"github.com/acme/payroll/internal/providers/mail"
	"github.com/acme/payroll/internal/render"
)

type PayslipEmailWorker struct {
	river.WorkerDefaults[PayslipEmailArgs]

	payruns   payRunReader
	employees employeeReader
	companies companyReader
	mail      *mail.Client
	log       *slog.Logger
}

func NewPayslipEmailWorker(r payRunReader, e employeeReader, c companyReader, m *mail.Client, log *slog.Logger) *PayslipEmailWorker {
	return &PayslipEmailWorker{payruns: r, employees: e, companies: c, mail: m, log: log}
}

func (w *PayslipEmailWorker) Work(ctx context.Context, job *river.Job[PayslipEmailArgs]) error {
	slip, err := w.payruns.GetPayslip(ctx, job.Args.PayslipID)
	if err != nil {
		return err
	}
	if slip.EmailedAt != nil {
		return nil
	}
	run, err := w.payruns.GetRun(ctx, slip.PayRunID)
	if err != nil {
		return err
	}
	emp, err := w.employees.Get(ctx, slip.EmployeeID)
	if err != nil {
		return err
	}
	if emp.EmailBounced {
		w.log.Warn("skipping payslip for bounced address", "employee", emp.ID)
		return nil
	}
	company, err := w.companies.Get(ctx, run.CompanyID)
	if err != nil {
		return err
	}

	msgID, err := w.mail.Send(ctx, mail.Message{
		To:             emp.Email,
		ReplyTo:        company.PayslipReplyTo,
		Subject:        render.PayslipSubject(company, run),
		HTML:           render.PayslipHTML(company, run, emp, slip),
		Tags:           []string{"payslip"},
		Metadata:       map[string]string{"payslip_id": slip.ID.String()},
		IdempotencyKey: fmt.Sprintf("payslip-%s-%d", slip.ID, job.Attempt),
	})
	if err != nil {
		return err
	}
	if err := w.payruns.MarkPayslipEmailed(ctx, slip.ID); err != nil {
		return err
	}
	w.log.Info("payslip emailed", "payslip", slip.ID, "message", msgID)
	return nil
}
