// Package pay is the payment provider's client: it sends the key its
// caller gives, when there is one.
package pay

import (
	"context"
	"encoding/json"
	"net/http"

	"example.com/wiredkey/app"
)

// Gateway calls the provider.
type Gateway struct{}

// Charge creates a charge and returns its ID.
func (Gateway) Charge(ctx context.Context, req app.ChargeRequest) (string, error) {
	r, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://pay.example/v1/charges", nil)
	if err != nil {
		return "", err
	}
	if req.Key != "" {
		r.Header.Set("Idempotency-Key", req.Key)
	}
	resp, err := http.DefaultClient.Do(r) // want `a crash after the HTTP request in pay.Gateway.Charge and before its outcome is stored leaves no record of it, so the retry calls again: .*\(HTTP handler Handler.Deposit\)` `a retry repeats the HTTP POST: the request carries no Idempotency-Key header \(HTTP handler Handler.Deposit\)`
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var out struct{ ID string }
	err = json.NewDecoder(resp.Body).Decode(&out)
	return out.ID, err
}
