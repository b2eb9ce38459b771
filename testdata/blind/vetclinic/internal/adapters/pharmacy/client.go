// Package pharmacy routes refill orders to partner pharmacies through the
// PetRxNet partner API.
//
// PetRxNet honours an Idempotency-Key header on POST /orders for 72 hours:
// a repeat with the same key returns the original order. Without the header
// every POST creates a new order.
package pharmacy

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
	"github.com/pawpath/vetclinic/internal/platform/httpx"
)

type Config struct {
	BaseURL string
	APIKey  string
}

type Client struct {
	http *httpx.Client
}

func New(cfg Config) *Client {
	return &Client{http: httpx.New(cfg.BaseURL, httpx.BearerAuth(cfg.APIKey))}
}

type orderBody struct {
	Partner     string `json:"partner"`
	ExternalRef string `json:"external_ref"`
	Prescriber  string `json:"prescriber"`
	Drug        struct {
		Name string `json:"name"`
		NDC  string `json:"ndc"`
	} `json:"drug"`
	Sig      string `json:"sig"`
	Quantity int    `json:"quantity"`
	Patient  struct {
		Name string `json:"name"`
	} `json:"patient"`
	Client struct {
		Name  string `json:"name"`
		Phone string `json:"phone"`
	} `json:"client"`
	Fulfillment string `json:"fulfillment"`
}

type orderResp struct {
	OrderID string `json:"order_id"`
	Status  string `json:"status"`
	Reason  string `json:"reason"`
}

func (c *Client) SubmitRefill(ctx context.Context, s ports.RefillSubmission, opts ...ports.CallOption) (ports.RefillReceipt, error) {
	const op errs.Op = "pharmacy.SubmitRefill"
	o := ports.ApplyCallOptions(opts)

	var body orderBody
	body.Partner = s.Partner
	body.ExternalRef = s.ExternalRef
	body.Prescriber = s.Prescriber
	body.Drug.Name = s.DrugName
	body.Drug.NDC = s.NDC
	body.Sig = s.Sig
	body.Quantity = s.Quantity
	body.Patient.Name = s.PatientName
	body.Client.Name = s.OwnerName
	body.Client.Phone = s.OwnerPhone
	body.Fulfillment = s.Delivery

	hdr := http.Header{}
	if o.IdempotencyKey != "" {
		hdr.Set("Idempotency-Key", o.IdempotencyKey)
	}
	var out orderResp
	err := c.http.Do(ctx, op, httpx.Request{
		Method:  http.MethodPost,
		Path:    "/orders",
		Body:    body,
		Header:  hdr,
		Timeout: o.Timeout,
	}, &out)
	if err != nil {
		var se *httpx.StatusError
		if errors.As(err, &se) && se.Status == http.StatusUnprocessableEntity && containsOOS(se.Body) {
			return ports.RefillReceipt{}, errs.E(op, errs.Precondition, ports.ErrOutOfStock)
		}
		return ports.RefillReceipt{}, err
	}
	return ports.RefillReceipt{PartnerOrderID: out.OrderID, Status: out.Status}, nil
}

func containsOOS(body string) bool {
	return strings.Contains(body, "out_of_stock")
}
