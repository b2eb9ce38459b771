// Package customsgw is a client for the customs EDI gateway we use to file
// pre-clearance (pre-arrival) declarations and their amendments.
//
// The gateway deduplicates on submitter_reference: a filing whose
// reference it has already accepted is not lodged again, and the original
// acknowledgement (with its entry number) is returned.
package customsgw

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/frostline/coldchain/internal/platform"
)

// Client talks to the gateway.
type Client struct {
	baseURL   string
	apiKey    string
	filerCode string
	http      platform.Doer
}

func New(baseURL, apiKey, filerCode string, doer platform.Doer) *Client {
	return &Client{baseURL: baseURL, apiKey: apiKey, filerCode: filerCode, http: doer}
}

// Filing is a pre-clearance declaration.
type Filing struct {
	SubmitterReference string    `json:"submitter_reference"`
	FilerCode          string    `json:"filer_code"`
	ShipmentRef        string    `json:"shipment_ref"`
	Importer           string    `json:"importer"`
	Commodity          string    `json:"commodity_description"`
	DeclaredValueCents int64     `json:"declared_value_cents"`
	Currency           string    `json:"currency"`
	PortOfEntry        string    `json:"port_of_entry"`
	ArrivalETA         time.Time `json:"arrival_eta"`
	TemperatureControl bool      `json:"temperature_controlled"`
}

// Amendment corrects fields of an accepted filing.
type Amendment struct {
	SubmitterReference string            `json:"submitter_reference"`
	FilerCode          string            `json:"filer_code"`
	Changes            map[string]string `json:"changes"`
	Reason             string            `json:"reason"`
}

// Ack is the gateway's acknowledgement.
type Ack struct {
	EntryNumber string    `json:"entry_number"`
	Status      string    `json:"status"`
	ReceivedAt  time.Time `json:"received_at"`
}

func (c *Client) header() http.Header {
	h := http.Header{}
	h.Set("X-Api-Key", c.apiKey)
	return h
}

// SubmitFiling lodges a pre-clearance declaration.
func (c *Client) SubmitFiling(ctx context.Context, f Filing) (Ack, error) {
	if f.FilerCode == "" {
		f.FilerCode = c.filerCode
	}
	var out Ack
	err := platform.DoJSON(ctx, c.http, platform.JSONRequest{
		Provider: "customsgw",
		Method:   http.MethodPost,
		URL:      c.baseURL + "/filings",
		Header:   c.header(),
		Body:     f,
	}, &out)
	return out, err
}

// SubmitAmendment amends the filing identified by entryNumber.
func (c *Client) SubmitAmendment(ctx context.Context, entryNumber string, a Amendment) (Ack, error) {
	if a.FilerCode == "" {
		a.FilerCode = c.filerCode
	}
	var out Ack
	err := platform.DoJSON(ctx, c.http, platform.JSONRequest{
		Provider: "customsgw",
		Method:   http.MethodPost,
		URL:      c.baseURL + "/filings/" + url.PathEscape(entryNumber) + "/amendments",
		Header:   c.header(),
		Body:     a,
	}, &out)
	return out, err
}
