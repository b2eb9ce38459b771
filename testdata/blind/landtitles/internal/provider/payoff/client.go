// Package payoff requests payoff statements from mortgage servicers
// through the servicer network.
package payoff

import (
	"context"
	"net/http"
	"time"

	"github.com/cobaltmesa/titleworks/internal/platform/jsonapi"
)

// StatementRequest asks a servicer for a payoff figure good through a date.
// The network forwards each request to the servicer as a new work item;
// some servicers charge a statement fee per request.
type StatementRequest struct {
	ServicerName  string `json:"servicer_name"`
	LoanNumber    string `json:"loan_number"`
	BorrowerName  string `json:"borrower_name"`
	PropertyAddr  string `json:"property_address"`
	GoodThrough   string `json:"good_through"`
	ReplyToEmail  string `json:"reply_to_email"`
	Authorization string `json:"borrower_authorization_url"`
}

// StatementReceipt identifies the request on the network.
type StatementReceipt struct {
	RequestRef string    `json:"request_ref"`
	Status     string    `json:"status"`
	DueBy      time.Time `json:"due_by"`
}

// Client is the network client.
type Client struct {
	api *jsonapi.Client
}

// New returns a payoff network client.
func New(baseURL, token string) *Client {
	return &Client{api: jsonapi.New(baseURL, jsonapi.BearerToken(token))}
}

// RequestStatement opens a payoff statement request.
func (c *Client) RequestStatement(ctx context.Context, r StatementRequest) (*StatementReceipt, error) {
	var out StatementReceipt
	if err := c.api.Do(ctx, http.MethodPost, "/requests", nil, r, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
