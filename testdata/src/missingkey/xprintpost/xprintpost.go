// Package xprintpost is a print partner's client whose requests a
// shared builder makes and applies options to. Orders take the key in
// the options their callers pass; the reprint endpoint takes none.
package xprintpost

import (
	"context"
	"encoding/json"
	"net/http"

	"missingkey/xreqopts"
)

type Client struct {
	base, apiKey string
	http         xreqopts.Doer
}

type Order struct {
	Certificate string `json:"certificate"`
}

type Reprint struct {
	// OriginalReference names the order printed again, which every
	// reprint of it repeats: no key of this request.
	OriginalReference string `json:"original_reference"`
	Reason            string `json:"reason"`
}

type Ack struct {
	Reference string `json:"reference"`
}

func (c *Client) auth() xreqopts.RequestOption { return xreqopts.Header("X-Api-Key", c.apiKey) }

// SubmitOrder places an order; opts may carry its key.
func (c *Client) SubmitOrder(ctx context.Context, o Order, opts ...xreqopts.RequestOption) (*Ack, error) {
	req, err := xreqopts.JSON(ctx, http.MethodPost, c.base, "/v2/orders", o, append([]xreqopts.RequestOption{c.auth()}, opts...)...)
	if err != nil {
		return nil, err
	}
	var ack Ack
	if err := xreqopts.Do(c.http, req, &ack); err != nil {
		return nil, err
	}
	return &ack, nil
}

// RequestReprint asks for an order to be printed again, on the
// partner's older endpoint, which has no key: a request with options of
// the client's own only.
func (c *Client) RequestReprint(ctx context.Context, r Reprint) (*Ack, error) {
	req, err := xreqopts.JSON(ctx, http.MethodPost, c.base, "/v1/reprints", r, c.auth())
	if err != nil {
		return nil, err
	}
	var ack Ack
	if err := xreqopts.Do(c.http, req, &ack); err != nil {
		return nil, err
	}
	return &ack, nil
}

type Handler struct{ client *Client }

// Order passes the order's certificate as its key.
func (h *Handler) Order(w http.ResponseWriter, r *http.Request) {
	var o Order
	if err := json.NewDecoder(r.Body).Decode(&o); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if _, err := h.client.SubmitOrder(r.Context(), o, xreqopts.IdempotencyKey("order-"+o.Certificate)); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}

// Reprint calls the endpoint that takes no key: nothing to send.
func (h *Handler) Reprint(w http.ResponseWriter, r *http.Request) {
	var in Reprint
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if _, err := h.client.RequestReprint(r.Context(), in); err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
	}
}
