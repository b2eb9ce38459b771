package services

import (
	"bytes"
	"fmt"
	"text/template"
	"time"

	"github.com/quillpress/apcdesk/internal/domain"
	"github.com/quillpress/apcdesk/internal/providers/mailer"
)

var emailTemplates = template.Must(template.New("emails").Funcs(template.FuncMap{
	"money": formatMoney,
	"date":  func(t time.Time) string { return t.Format("2 January 2006") },
}).Parse(`
{{define "invoice"}}Dear {{.Inv.PayerName}},

Congratulations on the acceptance of your manuscript {{.Inv.ManuscriptID}}{{if .Inv.ArticleTitle}}, "{{.Inv.ArticleTitle}}"{{end}}.

Invoice {{.Inv.Number}} for the article processing charge of {{money .Inv.AmountDueCents .Inv.Currency}} is attached and due by {{date .Inv.DueAt}}.
You can pay by card or direct debit at {{.PayURL}}.

If your institution has a publishing agreement with us, reply to this message and we will apply it.

QuillPress Author Services
{{end}}
{{define "receipt"}}Dear {{.Inv.PayerName}},

Thank you. We have received {{money .AmountCents .Inv.Currency}} for invoice {{.Inv.Number}}.
Payment reference: {{.PaymentRef}}

QuillPress Author Services
{{end}}
{{define "reminder"}}Dear {{.Inv.PayerName}},

Invoice {{.Inv.Number}} for {{money .Inv.AmountDueCents .Inv.Currency}} was due on {{date .Inv.DueAt}} and remains unpaid.
Publication of your article is on hold until the invoice is settled. Pay at {{.PayURL}}.

If you believe you qualify for a waiver, reply to this message.

QuillPress Author Services
{{end}}`))

func formatMoney(cents int64, currency string) string {
	return fmt.Sprintf("%s %d.%02d", currency, cents/100, cents%100)
}

func render(name string, data any) (string, error) {
	var buf bytes.Buffer
	if err := emailTemplates.ExecuteTemplate(&buf, name, data); err != nil {
		return "", fmt.Errorf("render %s: %w", name, err)
	}
	return buf.String(), nil
}

// email renders one of the templates into a message to the invoice payer.
func email(inv domain.Invoice, kind, subject string, data map[string]any) (mailer.Message, error) {
	data["Inv"] = inv
	body, err := render(kind, data)
	if err != nil {
		return mailer.Message{}, err
	}
	return mailer.Message{
		To:      []string{inv.PayerEmail},
		Subject: subject,
		Text:    body,
		Tags:    map[string]string{"kind": kind, "invoice": inv.Number},
	}, nil
}

func invoiceEmail(inv domain.Invoice, payURL string) (mailer.Message, error) {
	return email(inv, "invoice", fmt.Sprintf("Invoice %s: article processing charge", inv.Number),
		map[string]any{"PayURL": payURL})
}

func receiptEmail(inv domain.Invoice, pay domain.Payment) (mailer.Message, error) {
	return email(inv, "receipt", fmt.Sprintf("Receipt for invoice %s", inv.Number),
		map[string]any{"AmountCents": pay.AmountCents, "PaymentRef": pay.ProviderPaymentID})
}

func reminderEmail(inv domain.Invoice, payURL string) (mailer.Message, error) {
	return email(inv, "reminder", fmt.Sprintf("Reminder: invoice %s is overdue", inv.Number),
		map[string]any{"PayURL": payURL})
}
