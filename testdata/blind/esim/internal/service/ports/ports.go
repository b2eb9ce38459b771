// Package ports declares the outbound dependencies the services use, so they
// can be wired to the real provider clients or to fakes.
package ports

import (
	"context"

	"github.com/globetrek/esim-platform/internal/providers/adyen"
)

// Payments is the slice of the PSP client the services call.
type Payments interface {
	MerchantAccount() string
	Authorise(ctx context.Context, req adyen.PaymentRequest, opts ...adyen.RequestOption) (*adyen.PaymentResponse, error)
	Capture(ctx context.Context, pspReference string, req adyen.ModificationRequest, opts ...adyen.RequestOption) (*adyen.ModificationResponse, error)
	Cancel(ctx context.Context, pspReference string, req adyen.ModificationRequest, opts ...adyen.RequestOption) (*adyen.ModificationResponse, error)
	Refund(ctx context.Context, pspReference string, req adyen.ModificationRequest, opts ...adyen.RequestOption) (*adyen.ModificationResponse, error)
}

// Notifier reaches travellers.
type Notifier interface {
	SMS(ctx context.Context, customerID, template string, vars map[string]string) error
	Push(ctx context.Context, customerID, messageID, template string, vars map[string]string) error
}
