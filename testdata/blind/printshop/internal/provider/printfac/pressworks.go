package printfac

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/inkloop/printshop/internal/provider/httpx"
)

// Pressworks treats external_reference as unique per partner account: a
// second POST /api/orders with a known external_reference returns 200 with the
// existing order instead of 201.
type Pressworks struct {
	baseURL string
	token   string
	http    *http.Client
}

func NewPressworks(baseURL, token string) *Pressworks {
	return &Pressworks{baseURL: baseURL, token: token, http: httpx.NewClient(30 * time.Second)}
}

func (c *Pressworks) Name() string { return "pressworks" }

type pressworksOrder struct {
	ExternalReference string            `json:"external_reference,omitempty"`
	CustomerReference string            `json:"customer_reference"`
	Rush              bool              `json:"rush"`
	Comment           string            `json:"comment,omitempty"`
	Recipient         pressworksAddress `json:"recipient"`
	Items             []pressworksItem  `json:"items"`
	Meta              map[string]string `json:"meta,omitempty"`
}

type pressworksAddress struct {
	FullName   string `json:"full_name"`
	Company    string `json:"company,omitempty"`
	Address1   string `json:"address1"`
	Address2   string `json:"address2,omitempty"`
	Town       string `json:"town"`
	County     string `json:"county"`
	PostCode   string `json:"post_code"`
	CountryISO string `json:"country_iso"`
	Email      string `json:"email,omitempty"`
}

type pressworksItem struct {
	SKU      string `json:"sku"`
	Quantity int    `json:"quantity"`
	Artwork  string `json:"artwork"`
}

type pressworksOrderResponse struct {
	OrderID  string `json:"order_id"`
	Status   string `json:"status"`
	Existing bool   `json:"existing"`
	Dispatch string `json:"estimated_dispatch"`
	Tracking string `json:"tracking"`
}

func (c *Pressworks) auth() http.Header {
	h := http.Header{}
	h.Set("Authorization", "Token "+c.token)
	return h
}

func (c *Pressworks) Submit(ctx context.Context, req JobRequest) (Submission, error) {
	if err := req.Validate(); err != nil {
		return Submission{}, err
	}
	body := pressworksOrder{
		ExternalReference: req.DedupKey,
		CustomerReference: req.OrderRef,
		Rush:              req.Priority == "rush",
		Comment:           req.Notes,
		Recipient: pressworksAddress{
			FullName:   req.Recipient.Name,
			Company:    req.Recipient.Company,
			Address1:   req.Recipient.Line1,
			Address2:   req.Recipient.Line2,
			Town:       req.Recipient.City,
			County:     req.Recipient.Region,
			PostCode:   req.Recipient.PostalCode,
			CountryISO: req.Recipient.Country,
			Email:      req.Recipient.Email,
		},
	}
	for _, it := range req.Items {
		body.Items = append(body.Items, pressworksItem{SKU: it.SKU, Quantity: it.Quantity, Artwork: it.ArtworkURL})
	}
	var out pressworksOrderResponse
	err := httpx.Do(ctx, c.http, httpx.Request{
		Method: http.MethodPost,
		URL:    c.baseURL + "/api/orders",
		Header: c.auth(),
		Body:   body,
	}, &out)
	if err != nil {
		return Submission{}, err
	}
	return Submission{FacilityJobID: out.OrderID, Duplicate: out.Existing, EstimatedShip: out.Dispatch}, nil
}

func (c *Pressworks) Cancel(ctx context.Context, facilityJobID string) error {
	return httpx.Do(ctx, c.http, httpx.Request{
		Method: http.MethodDelete,
		URL:    c.baseURL + "/api/orders/" + url.PathEscape(facilityJobID),
		Header: c.auth(),
	}, nil)
}

func (c *Pressworks) Status(ctx context.Context, facilityJobID string) (JobStatus, error) {
	var out pressworksOrderResponse
	err := httpx.Do(ctx, c.http, httpx.Request{
		Method: http.MethodGet,
		URL:    c.baseURL + "/api/orders/" + url.PathEscape(facilityJobID),
		Header: c.auth(),
	}, &out)
	if err != nil {
		return JobStatus{}, err
	}
	return JobStatus{FacilityJobID: out.OrderID, Status: MapPressworksStatus(out.Status), Tracking: out.Tracking}, nil
}

func MapPressworksStatus(s string) string {
	switch s {
	case "received", "approved":
		return "submitted"
	case "printing", "finishing":
		return "printing"
	case "packed":
		return "printed"
	case "despatched":
		return "shipped"
	case "rejected":
		return "rejected"
	case "cancelled":
		return "cancelled"
	}
	return s
}
