package notify

import (
	"bytes"
	"fmt"
	"text/template"
)

// Template names. They are stored on the notification row, so renaming one
// is a data migration.
const (
	TemplatePaymentReceived = "payment_received"
	TemplatePaymentNeeded   = "payment_needed"
	TemplateOutForDelivery  = "out_for_delivery"
	TemplateDelivered       = "delivered"
	TemplateMissedDelivery  = "missed_delivery"
	TemplateReadyForPickup  = "ready_for_pickup"
	TemplateRefillReminder  = "refill_reminder"
	TemplateRxCancelled     = "rx_cancelled"
	TemplateOrderCancelled  = "order_cancelled"
	TemplateClaimRejected   = "claim_rejected"
)

var templates = map[string]*template.Template{
	TemplatePaymentReceived: must("Cedarleaf Pharmacy: we received your payment of {{.Amount}} for {{.Drug}}. We'll text you when it ships."),
	TemplatePaymentNeeded:   must("Cedarleaf Pharmacy: your {{.Drug}} is ready to ship. Your copay is {{.Amount}}. Pay in the app to continue."),
	TemplateOutForDelivery:  must("Cedarleaf Pharmacy: your order is on its way. Track it here: {{.TrackingURL}}"),
	TemplateDelivered:       must("Cedarleaf Pharmacy: your order has been delivered. Reply HELP for questions."),
	TemplateMissedDelivery:  must("Cedarleaf Pharmacy: our courier couldn't deliver your order ({{.Reason}}). We'll try again on the next business day."),
	TemplateReadyForPickup:  must("Cedarleaf Pharmacy: {{.Drug}} is ready for pickup. Show code {{.Code}} at the counter."),
	TemplateRefillReminder:  must("Hi {{.FirstName}}, your {{.Drug}} refill is due on {{.DueDate}}. Reply REFILL or open the app to request it."),
	TemplateRxCancelled:     must("Cedarleaf Pharmacy: your prescriber cancelled your {{.Drug}} prescription. Any pending fills have been stopped."),
	TemplateOrderCancelled:  must("Cedarleaf Pharmacy: your order was cancelled. A refund of {{.Amount}} is on its way."),
	TemplateClaimRejected:   must("Cedarleaf Pharmacy: your insurance declined {{.Drug}}. A pharmacist will call you about options."),
}

func must(s string) *template.Template {
	return template.Must(template.New("").Option("missingkey=error").Parse(s))
}

// Render renders the named template.
func Render(name string, vars map[string]any) (string, error) {
	t, ok := templates[name]
	if !ok {
		return "", fmt.Errorf("notify: unknown template %q", name)
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, vars); err != nil {
		return "", fmt.Errorf("notify: render %s: %w", name, err)
	}
	return buf.String(), nil
}

// Money formats cents as dollars.
func Money(cents int64) string {
	return fmt.Sprintf("$%d.%02d", cents/100, cents%100)
}
