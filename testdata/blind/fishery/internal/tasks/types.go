// Package tasks defines the asynq task types run by registry-worker, the
// queue adapter services use to enqueue them and the task handlers.
package tasks

import (
	"github.com/google/uuid"

	"github.com/kelpline-systems/quotareg/internal/ports"
)

const (
	TypeLandingFee        = "invoice:landing-fee"
	TypeInvoiceCharge     = "invoice:charge"
	TypeCertificateSubmit = "certificate:submit"
	TypeNotify            = "notify:send"
)

const (
	QueueBilling  = "billing"
	QueueExports  = "exports"
	QueueMessages = "messages"
)

// queueFor routes a task type to its queue when the job does not name one.
var queueFor = map[string]string{
	TypeLandingFee:        QueueBilling,
	TypeInvoiceCharge:     QueueBilling,
	TypeCertificateSubmit: QueueExports,
	TypeNotify:            QueueMessages,
}

type LandingFeePayload struct {
	LandingID uuid.UUID `json:"landing_id"`
}

type InvoiceChargePayload struct {
	InvoiceID uuid.UUID `json:"invoice_id"`
}

type CertificateSubmitPayload struct {
	CertificateID uuid.UUID `json:"certificate_id"`
}

type NotifyPayload = ports.Message
