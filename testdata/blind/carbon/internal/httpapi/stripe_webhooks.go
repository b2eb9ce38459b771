package httpapi

import (
	"context"
	"fmt"
	"io"

	"github.com/gin-gonic/gin"
	"github.com/stripe/stripe-go/v82"

	"github.com/terravault/carbonreg/internal/payments"
	"github.com/terravault/carbonreg/internal/service"
)

type stripeWebhooks struct {
	svc     service.StripeEvents
	secrets WebhookSecrets
}

// stripeDelivery carries the unparsed body; the signature covers its exact
// bytes.
type stripeDelivery struct {
	Payload   []byte
	Signature string
}

func (d *stripeDelivery) BindGin(c *gin.Context) error {
	body, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<20))
	if err != nil {
		return fmt.Errorf("read body: %w", err)
	}
	d.Payload = body
	d.Signature = c.GetHeader("Stripe-Signature")
	if d.Signature == "" {
		return fmt.Errorf("missing Stripe-Signature")
	}
	return nil
}

type received struct {
	Received bool `json:"received"`
}

func (w *stripeWebhooks) parse(d stripeDelivery, secret string) (stripe.Event, error) {
	ev, err := payments.ParseEvent(d.Payload, d.Signature, secret)
	if err != nil {
		return ev, &service.Error{Kind: service.ErrInvalid, Msg: err.Error()}
	}
	return ev, nil
}

func (w *stripeWebhooks) platform(ctx context.Context, d stripeDelivery) (received, error) {
	ev, err := w.parse(d, w.secrets.Platform)
	if err != nil {
		return received{}, err
	}
	if err := w.svc.HandlePlatform(ctx, ev); err != nil {
		return received{}, err
	}
	return received{Received: true}, nil
}

func (w *stripeWebhooks) connect(ctx context.Context, d stripeDelivery) (received, error) {
	ev, err := w.parse(d, w.secrets.Connect)
	if err != nil {
		return received{}, err
	}
	if err := w.svc.HandleConnect(ctx, ev); err != nil {
		return received{}, err
	}
	return received{Received: true}, nil
}
