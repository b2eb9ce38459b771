package printfac

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/inkloop/printshop/internal/provider/httpx"
)

// Inkbridge collapses repeated POST /v1/jobs calls that carry the same
// X-Request-Id header (24h window) and answers the replay with the original
// job and "replayed": true.
type Inkbridge struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

func NewInkbridge(baseURL, apiKey string) *Inkbridge {
	return &Inkbridge{baseURL: baseURL, apiKey: apiKey, http: httpx.NewClient(20 * time.Second)}
}

func (c *Inkbridge) Name() string { return "inkbridge" }

type inkbridgeJob struct {
	Reference string `json:"reference"`
	Priority  string `json:"priority"`
	Notes     string `json:"notes,omitempty"`
	ShipTo    struct {
		Name    string `json:"name"`
		Company string `json:"company,omitempty"`
		Street1 string `json:"street1"`
		Street2 string `json:"street2,omitempty"`
		City    string `json:"city"`
		State   string `json:"state"`
		Zip     string `json:"zip"`
		Country string `json:"country"`
		Phone   string `json:"phone,omitempty"`
	} `json:"ship_to"`
	Lines []inkbridgeLine `json:"lines"`
}

type inkbridgeLine struct {
	Product string `json:"product"`
	Qty     int    `json:"qty"`
	FileURL string `json:"file_url"`
}

type inkbridgeJobResponse struct {
	ID           string `json:"id"`
	State        string `json:"state"`
	Replayed     bool   `json:"replayed"`
	ShipEstimate string `json:"ship_estimate"`
	Tracking     string `json:"tracking_number"`
}

func (c *Inkbridge) headers(requestID string) http.Header {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+c.apiKey)
	if requestID != "" {
		h.Set("X-Request-Id", requestID)
	}
	return h
}

func (c *Inkbridge) Submit(ctx context.Context, req JobRequest) (Submission, error) {
	if err := req.Validate(); err != nil {
		return Submission{}, err
	}
	var body inkbridgeJob
	body.Reference = req.OrderRef
	body.Priority = req.Priority
	body.Notes = req.Notes
	body.ShipTo.Name = req.Recipient.Name
	body.ShipTo.Company = req.Recipient.Company
	body.ShipTo.Street1 = req.Recipient.Line1
	body.ShipTo.Street2 = req.Recipient.Line2
	body.ShipTo.City = req.Recipient.City
	body.ShipTo.State = req.Recipient.Region
	body.ShipTo.Zip = req.Recipient.PostalCode
	body.ShipTo.Country = req.Recipient.Country
	body.ShipTo.Phone = req.Recipient.Phone
	for _, it := range req.Items {
		body.Lines = append(body.Lines, inkbridgeLine{Product: it.SKU, Qty: it.Quantity, FileURL: it.ArtworkURL})
	}

	var out inkbridgeJobResponse
	err := httpx.Do(ctx, c.http, httpx.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/v1/jobs",
		Header: c.headers(req.DedupKey),
		Body:   body,
	}, &out)
	if err != nil {
		return Submission{}, err
	}
	return Submission{FacilityJobID: out.ID, Duplicate: out.Replayed, EstimatedShip: out.ShipEstimate}, nil
}

func (c *Inkbridge) Cancel(ctx context.Context, facilityJobID string) error {
	return httpx.Do(ctx, c.http, httpx.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/v1/jobs/" + url.PathEscape(facilityJobID) + "/cancel",
		Header: c.headers(""),
	}, nil)
}

func (c *Inkbridge) Status(ctx context.Context, facilityJobID string) (JobStatus, error) {
	var out inkbridgeJobResponse
	err := httpx.Do(ctx, c.http, httpx.Request{
		Method: http.MethodGet,
		URL:    c.baseURL + "/v1/jobs/" + url.PathEscape(facilityJobID),
		Header: c.headers(""),
	}, &out)
	if err != nil {
		return JobStatus{}, err
	}
	return JobStatus{FacilityJobID: out.ID, Status: mapInkbridgeState(out.State), Tracking: out.Tracking}, nil
}

func mapInkbridgeState(s string) string {
	switch s {
	case "queued", "accepted":
		return "submitted"
	case "in_production":
		return "printing"
	case "produced":
		return "printed"
	case "dispatched":
		return "shipped"
	case "refused":
		return "rejected"
	case "cancelled":
		return "cancelled"
	}
	return s
}

// MapInkbridgeState is exported for the webhook handler, which receives the
// same state vocabulary.
func MapInkbridgeState(s string) string { return mapInkbridgeState(s) }
