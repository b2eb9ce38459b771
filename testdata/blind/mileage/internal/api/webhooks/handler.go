// Package webhooks receives provider callbacks: payment gateway events,
// reservation-system booking events and hotel partner posting results.
package webhooks

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"log/slog"
	"net/http"

	"github.com/aws/aws-lambda-go/events"

	"github.com/northwind-air/mileage/internal/config"
	"github.com/northwind-air/mileage/internal/platform/apigw"
	"github.com/northwind-air/mileage/internal/provider/paygw"
	"github.com/northwind-air/mileage/internal/service/purchase"
	"github.com/northwind-air/mileage/internal/service/redemption"
	"github.com/northwind-air/mileage/internal/service/transfer"
)

// Receiver routes provider callbacks.
type Receiver struct {
	cfg      *config.Config
	payments *purchase.Webhooks
	airline  *redemption.AirlineEvents
	partners *transfer.Callbacks
	log      *slog.Logger
}

// New returns a Receiver.
func New(cfg *config.Config, payments *purchase.Webhooks, airline *redemption.AirlineEvents,
	partners *transfer.Callbacks, log *slog.Logger) *Receiver {
	return &Receiver{cfg: cfg, payments: payments, airline: airline, partners: partners, log: log}
}

// Router builds the route table.
func (rc *Receiver) Router() *apigw.Router {
	r := apigw.NewRouter(rc.log)
	r.Handle(http.MethodPost, "/webhooks/paygate", rc.paygate)
	r.Handle(http.MethodPost, "/webhooks/reservations", rc.reservations)
	r.Handle(http.MethodPost, "/webhooks/partners/{partnerCode}", rc.partner)
	return r
}

var unauthorized = apigw.JSON(http.StatusUnauthorized, map[string]string{"error": "bad signature"})

func body(req apigw.Request) string {
	if req.IsBase64Encoded {
		b, err := base64.StdEncoding.DecodeString(req.Body)
		if err == nil {
			return string(b)
		}
	}
	return req.Body
}

func (rc *Receiver) paygate(ctx context.Context, req apigw.Request) (events.APIGatewayProxyResponse, error) {
	raw := body(req)
	if !paygw.VerifySignature(rc.cfg.GatewayWebhookSecret, raw, req.Header("Paygate-Signature")) {
		return unauthorized, nil
	}
	if err := rc.payments.Handle(ctx, []byte(raw)); err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	return apigw.JSON(http.StatusOK, map[string]bool{"received": true}), nil
}

func (rc *Receiver) reservations(ctx context.Context, req apigw.Request) (events.APIGatewayProxyResponse, error) {
	req.Body = body(req)
	if !validHMAC(rc.cfg.ReservationWebhookSecret, req.Body, req.Header("X-Res-Signature")) {
		return unauthorized, nil
	}
	ev, err := apigw.Decode[redemption.ReservationEvent](req)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	if err := rc.airline.Handle(ctx, ev); err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	return apigw.JSON(http.StatusOK, map[string]string{"status": "ok"}), nil
}

func (rc *Receiver) partner(ctx context.Context, req apigw.Request) (events.APIGatewayProxyResponse, error) {
	req.Body = body(req)
	if !validHMAC(rc.cfg.PartnerWebhookSecret, req.Body, req.Header("X-Partner-Signature")) {
		return unauthorized, nil
	}
	if _, ok := transfer.Rates[req.Param("partnerCode")]; !ok {
		return apigw.JSON(http.StatusNotFound, map[string]string{"error": "unknown partner"}), nil
	}
	cb, err := apigw.Decode[transfer.PartnerCallback](req)
	if err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	if err := rc.partners.Handle(ctx, cb); err != nil {
		return events.APIGatewayProxyResponse{}, err
	}
	return apigw.JSON(http.StatusOK, map[string]string{"status": "ok"}), nil
}

func validHMAC(secret, body, sig string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(body))
	return hmac.Equal([]byte(hex.EncodeToString(mac.Sum(nil))), []byte(sig))
}
