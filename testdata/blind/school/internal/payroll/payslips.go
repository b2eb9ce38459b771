package payroll

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"log/slog"
	"time"

	"github.com/lingua/academy/internal/notify"
	"github.com/lingua/academy/internal/store"
)

var payslipTmpl = template.Must(template.New("payslip").Parse(`
<p>Dear {{.TeacherName}},</p>
<p>Your pay for {{.Period}} has been sent to your bank account.</p>
<table>
  <tr><td>Hours taught</td><td>{{printf "%.2f" .Hours}}</td></tr>
  <tr><td>Gross pay</td><td>{{.Gross}}</td></tr>
  {{if .Adjustment}}<tr><td>Adjustments</td><td>{{.Adjustment}}</td></tr>{{end}}
  <tr><td>Payout reference</td><td>{{.PayoutID}}</td></tr>
</table>
<p>The full payslip is available in the payroll portal.</p>`))

type payslipData struct {
	TeacherName string
	Period      string
	Hours       float64
	Gross       string
	Adjustment  string
	PayoutID    string
}

func money(cents int64) string { return fmt.Sprintf("€%.2f", float64(cents)/100) }

// PayslipMailer e-mails payslip summaries to teachers.
type PayslipMailer struct {
	store    store.Store
	notifier notify.Notifier
	log      *slog.Logger
}

// NewPayslipMailer builds a PayslipMailer.
func NewPayslipMailer(st store.Store, n notify.Notifier, log *slog.Logger) *PayslipMailer {
	return &PayslipMailer{store: st, notifier: n, log: log}
}

// SendForRun e-mails every paid payslip of the run that has not been sent
// yet; it is run by the send_payslips job.
func (m *PayslipMailer) SendForRun(ctx context.Context, runID string) error {
	run, err := m.store.GetPayrollRun(ctx, runID)
	if err != nil {
		return err
	}
	slips, err := m.store.ListUnsentPayslips(ctx, run.ID)
	if err != nil {
		return err
	}
	sent := make([]string, 0, len(slips))
	for _, p := range slips {
		var buf bytes.Buffer
		data := payslipData{
			TeacherName: p.TeacherName,
			Period:      run.Period,
			Hours:       p.Hours,
			Gross:       money(p.GrossCents),
			PayoutID:    p.ProviderPayoutID,
		}
		if p.AdjustmentCents != 0 {
			data.Adjustment = money(p.AdjustmentCents)
		}
		if err := payslipTmpl.Execute(&buf, data); err != nil {
			return err
		}
		subject := fmt.Sprintf("Your payslip for %s", run.Period)
		if _, err := m.notifier.Email(ctx, p.TeacherEmail, subject, buf.String(),
			notify.WithTag("kind", "payslip"), notify.WithTag("run", run.ID)); err != nil {
			return fmt.Errorf("payslip %s: %w", p.ID, err)
		}
		sent = append(sent, p.ID)
	}
	if len(sent) == 0 {
		return nil
	}
	m.log.InfoContext(ctx, "payslips e-mailed", "run", run.ID, "count", len(sent))
	return m.store.MarkPayslipsEmailed(ctx, sent, time.Now())
}
