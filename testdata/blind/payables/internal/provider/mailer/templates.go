package mailer

import (
	"bytes"
	"fmt"
	"text/template"
)

// Template names.
const (
	TplRemittance     = "remittance"
	TplInvoiceApprove = "invoice_approved"
	TplDiscountOffer  = "discount_offer"
	TplPaymentFailed  = "payment_failed"
)

type tpl struct {
	subject *template.Template
	body    *template.Template
}

var templates = map[string]tpl{
	TplRemittance: {
		subject: template.Must(template.New("s").Parse(`Remittance advice: {{.Currency}} {{.Amount}} for invoice {{.InvoiceNumber}}`)),
		body: template.Must(template.New("b").Parse(`Hello {{.SupplierName}},

{{.PayerName}} has paid invoice {{.InvoiceNumber}}.
Amount: {{.Currency}} {{.Amount}}
Payment reference: {{.Reference}}

This is an automated remittance advice.`)),
	},
	TplInvoiceApprove: {
		subject: template.Must(template.New("s").Parse(`Invoice {{.InvoiceNumber}} approved`)),
		body: template.Must(template.New("b").Parse(`Hello {{.SupplierName}},

Your invoice {{.InvoiceNumber}} to {{.PayerName}} has been approved for payment.
Expected payment date: {{.DueDate}}.`)),
	},
	TplDiscountOffer: {
		subject: template.Must(template.New("s").Parse(`Get paid early for invoice {{.InvoiceNumber}}`)),
		body: template.Must(template.New("b").Parse(`Hello {{.SupplierName}},

{{.PayerName}} can pay invoice {{.InvoiceNumber}} on {{.PayOn}} in exchange for a {{.DiscountPct}}% discount.
Accept the offer before {{.ExpiresAt}}.`)),
	},
	TplPaymentFailed: {
		subject: template.Must(template.New("s").Parse(`Payment for invoice {{.InvoiceNumber}} failed`)),
		body: template.Must(template.New("b").Parse(`Payment {{.Reference}} for invoice {{.InvoiceNumber}} failed with {{.ReasonCode}}.
It has been rescheduled.`)),
	},
}

// Render builds a Message from a named template.
func Render(name, from string, to []string, data any) (Message, error) {
	t, ok := templates[name]
	if !ok {
		return Message{}, fmt.Errorf("mailer: unknown template %q", name)
	}
	var subj, body bytes.Buffer
	if err := t.subject.Execute(&subj, data); err != nil {
		return Message{}, err
	}
	if err := t.body.Execute(&body, data); err != nil {
		return Message{}, err
	}
	return Message{
		From:    from,
		To:      to,
		Subject: subj.String(),
		Text:    body.String(),
		Tags:    map[string]string{"template": name},
	}, nil
}
