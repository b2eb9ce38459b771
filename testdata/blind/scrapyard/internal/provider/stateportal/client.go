// Package stateportal submits scrap-metal transaction reports to the state
// regulator's reporting API.
//
// Batches and corrections carry an optional submission_id. The portal
// records accepted submission_ids per licensee; a second submission with the
// same id gets HTTP 409 and the original receipt in the body. Submissions
// without one are always filed as new records.
package stateportal

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/ironbridge-metals/yardops/internal/provider/httpjson"
)

type Client struct {
	http *httpjson.Client
}

func New(baseURL, apiKey string, opts ...httpjson.Option) *Client {
	opts = append([]httpjson.Option{httpjson.WithAuth(httpjson.Bearer(apiKey))}, opts...)
	return &Client{http: httpjson.New("stateportal", baseURL, opts...)}
}

type Transaction struct {
	TicketNumber string `json:"ticket_number"`
	SellerRef    string `json:"seller_ref"`
	Material     string `json:"material"`
	NetPounds    int32  `json:"net_pounds"`
	AmountCents  int64  `json:"amount_cents"`
	VehiclePlate string `json:"vehicle_plate,omitempty"`
}

type Batch struct {
	SubmissionID string        `json:"submission_id,omitempty"`
	License      string        `json:"license"`
	BusinessDate string        `json:"business_date"`
	Transactions []Transaction `json:"transactions"`
}

type Correction struct {
	SubmissionID string `json:"submission_id,omitempty"`
	License      string `json:"license"`
	TicketNumber string `json:"ticket_number"`
	Action       string `json:"action"` // "void"
	Reason       string `json:"reason"`
}

type Receipt struct {
	ReceiptID string `json:"receipt_id"`
	Accepted  int    `json:"accepted"`
	Rejected  int    `json:"rejected"`
}

// SubmitBatch files one business day of transactions.
func (c *Client) SubmitBatch(ctx context.Context, b Batch) (Receipt, error) {
	return c.post(ctx, "/v1/batches", b)
}

// SubmitCorrection voids or amends a previously filed transaction.
func (c *Client) SubmitCorrection(ctx context.Context, corr Correction) (Receipt, error) {
	return c.post(ctx, "/v1/corrections", corr)
}

func (c *Client) post(ctx context.Context, path string, body any) (Receipt, error) {
	var out Receipt
	_, err := c.http.Do(ctx, http.MethodPost, path, nil, body, &out)
	var se *httpjson.StatusError
	if errors.As(err, &se) && se.Status == http.StatusConflict {
		// Already filed under this submission_id; the body is the original receipt.
		if jerr := json.Unmarshal([]byte(se.Body), &out); jerr == nil && out.ReceiptID != "" {
			return out, nil
		}
	}
	return out, err
}
