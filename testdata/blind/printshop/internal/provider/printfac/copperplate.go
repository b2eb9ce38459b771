package printfac

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/inkloop/printshop/internal/provider/httpx"
)

// Copperplate is a smaller regional facility with a basic order API: every
// POST /orders.json creates a new production order, and there is no lookup by
// our reference.
type Copperplate struct {
	baseURL  string
	user     string
	password string
	http     *http.Client
}

func NewCopperplate(baseURL, user, password string) *Copperplate {
	return &Copperplate{baseURL: baseURL, user: user, password: password, http: httpx.NewClient(45 * time.Second)}
}

func (c *Copperplate) Name() string { return "copperplate" }

type copperplateOrder struct {
	Order struct {
		PO       string            `json:"po_number"`
		Express  bool              `json:"express"`
		Note     string            `json:"note,omitempty"`
		ShipName string            `json:"ship_name"`
		Ship1    string            `json:"ship_address_1"`
		Ship2    string            `json:"ship_address_2,omitempty"`
		City     string            `json:"ship_city"`
		State    string            `json:"ship_state"`
		Zip      string            `json:"ship_zip"`
		Country  string            `json:"ship_country"`
		Lines    []copperplateLine `json:"line_items"`
	} `json:"order"`
}

type copperplateLine struct {
	Code  string `json:"product_code"`
	Qty   int    `json:"qty"`
	Image string `json:"image_url"`
}

type copperplateOrderResponse struct {
	Order struct {
		ID       int64  `json:"id"`
		State    string `json:"state"`
		Tracking string `json:"tracking_number"`
	} `json:"order"`
}

func (c *Copperplate) do(ctx context.Context, method, path string, body, out any) error {
	u := c.baseURL + path
	h := http.Header{}
	cred := base64.StdEncoding.EncodeToString([]byte(c.user + ":" + c.password))
	h.Set("Authorization", "Basic "+cred)
	return httpx.Do(ctx, c.http, httpx.Request{Method: method, URL: u, Header: h, Body: body}, out)
}

func (c *Copperplate) Submit(ctx context.Context, req JobRequest) (Submission, error) {
	if err := req.Validate(); err != nil {
		return Submission{}, err
	}
	var body copperplateOrder
	body.Order.PO = req.OrderRef
	body.Order.Express = req.Priority == "rush"
	body.Order.Note = req.Notes
	body.Order.ShipName = req.Recipient.Name
	body.Order.Ship1 = req.Recipient.Line1
	body.Order.Ship2 = req.Recipient.Line2
	body.Order.City = req.Recipient.City
	body.Order.State = req.Recipient.Region
	body.Order.Zip = req.Recipient.PostalCode
	body.Order.Country = req.Recipient.Country
	for _, it := range req.Items {
		body.Order.Lines = append(body.Order.Lines, copperplateLine{Code: it.SKU, Qty: it.Quantity, Image: it.ArtworkURL})
	}
	var out copperplateOrderResponse
	if err := c.do(ctx, http.MethodPost, "/orders.json", body, &out); err != nil {
		return Submission{}, err
	}
	return Submission{FacilityJobID: fmt.Sprintf("%d", out.Order.ID)}, nil
}

func (c *Copperplate) Cancel(ctx context.Context, facilityJobID string) error {
	return c.do(ctx, http.MethodPut, "/orders/"+url.PathEscape(facilityJobID)+"/cancel.json", nil, nil)
}

func (c *Copperplate) Status(ctx context.Context, facilityJobID string) (JobStatus, error) {
	var out copperplateOrderResponse
	if err := c.do(ctx, http.MethodGet, "/orders/"+url.PathEscape(facilityJobID)+".json", nil, &out); err != nil {
		return JobStatus{}, err
	}
	return JobStatus{
		FacilityJobID: facilityJobID,
		Status:        MapCopperplateState(out.Order.State),
		Tracking:      out.Order.Tracking,
	}, nil
}

func MapCopperplateState(s string) string {
	switch s {
	case "new", "confirmed":
		return "submitted"
	case "in_press":
		return "printing"
	case "ready":
		return "printed"
	case "shipped":
		return "shipped"
	case "void":
		return "cancelled"
	case "misprint":
		return "defective"
	}
	return s
}
