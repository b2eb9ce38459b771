// Package reflab is the client for the reference laboratory's ordering API.
//
// The lab de-duplicates requisitions on the client_order_id body field: a
// second POST /requisitions with an ID it has seen returns the existing
// requisition with 200 instead of 201. Add-on test requests and status reads
// carry no such field.
package reflab

import (
	"context"
	"net/http"
	"net/url"

	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/errs"
	"github.com/pawpath/vetclinic/internal/platform/httpx"
)

type Config struct {
	BaseURL       string
	APIKey        string
	AccountNumber string
}

type Client struct {
	http    *httpx.Client
	account string
}

func New(cfg Config) *Client {
	return &Client{
		http:    httpx.New(cfg.BaseURL, httpx.HeaderAuth("X-Api-Key", cfg.APIKey)),
		account: cfg.AccountNumber,
	}
}

type requisitionBody struct {
	ClientOrderID string   `json:"client_order_id"`
	AccountNumber string   `json:"account_number"`
	Patient       patient  `json:"patient"`
	Tests         []string `json:"tests"`
	Priority      string   `json:"priority"`
	Veterinarian  string   `json:"veterinarian"`
}

type patient struct {
	Name    string `json:"name"`
	Species string `json:"species"`
}

type requisitionResp struct {
	RequisitionID string `json:"requisition_id"`
	Status        string `json:"status"`
}

func (c *Client) SubmitRequisition(ctx context.Context, r ports.Requisition) (ports.RequisitionReceipt, error) {
	const op errs.Op = "reflab.SubmitRequisition"
	account := r.AccountNumber
	if account == "" {
		account = c.account
	}
	var out requisitionResp
	err := c.http.Do(ctx, op, httpx.Request{
		Method: http.MethodPost,
		Path:   "/requisitions",
		Body: requisitionBody{
			ClientOrderID: r.ClientOrderID,
			AccountNumber: account,
			Patient:       patient{Name: r.PatientName, Species: r.Species},
			Tests:         r.Tests,
			Priority:      r.Priority,
			Veterinarian:  r.OrderedBy,
		},
	}, &out)
	if err != nil {
		return ports.RequisitionReceipt{}, err
	}
	return ports.RequisitionReceipt{RequisitionID: out.RequisitionID, Status: out.Status}, nil
}

func (c *Client) AddTests(ctx context.Context, requisitionID string, codes []string) error {
	const op errs.Op = "reflab.AddTests"
	return c.http.Do(ctx, op, httpx.Request{
		Method: http.MethodPost,
		Path:   "/requisitions/" + url.PathEscape(requisitionID) + "/addons",
		Body:   map[string]any{"tests": codes},
	}, nil)
}

func (c *Client) Status(ctx context.Context, requisitionID string) (string, error) {
	const op errs.Op = "reflab.Status"
	var out requisitionResp
	err := c.http.Do(ctx, op, httpx.Request{
		Method: http.MethodGet,
		Path:   "/requisitions/" + url.PathEscape(requisitionID),
	}, &out)
	return out.Status, err
}
