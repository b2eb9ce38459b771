// Package millgate is the client for MillGate, the purchasing gateway our
// consuming mills share. We acknowledge their purchase contracts through it.
//
// MillGate POSTs accept an Idempotency-Key header and keep keys for seven
// days; a repeat returns the stored response.
package millgate

import (
	"context"
	"net/http"
	"net/url"

	"github.com/ironbridge-metals/yardops/internal/provider/httpjson"
)

type Client struct {
	http *httpjson.Client
}

func New(baseURL, apiKey string, opts ...httpjson.Option) *Client {
	opts = append([]httpjson.Option{httpjson.WithAuth(httpjson.Bearer(apiKey))}, opts...)
	return &Client{http: httpjson.New("millgate", baseURL, opts...)}
}

type AckRequest struct {
	SupplierCode  string `json:"supplier_code"`
	AcceptedTons  string `json:"accepted_tons"`
	ShipFrom      string `json:"ship_from"`
	DeliveryStart string `json:"delivery_start"`
	DeliveryEnd   string `json:"delivery_end"`
}

type Ack struct {
	Ref    string `json:"acknowledgement_ref"`
	Status string `json:"status"`
}

// Acknowledge accepts a mill's purchase contract.
func (c *Client) Acknowledge(ctx context.Context, partnerCode, contractNo string, req AckRequest, idempotencyKey string) (Ack, error) {
	h := http.Header{}
	if idempotencyKey != "" {
		h.Set("Idempotency-Key", idempotencyKey)
	}
	var out Ack
	path := "/partners/" + url.PathEscape(partnerCode) + "/contracts/" + url.PathEscape(contractNo) + "/acknowledgements"
	_, err := c.http.Do(ctx, http.MethodPost, path, h, req, &out)
	return out, err
}
