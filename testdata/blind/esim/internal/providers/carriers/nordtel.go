package carriers

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/globetrek/esim-platform/internal/providers/httpx"
)

// Nordtel is the Nordtel MVNE API. It has no request deduplication; profiles
// can carry a free-form label that is searchable, and usage is pulled rather
// than pushed.
type Nordtel struct {
	http    *retryablehttp.Client
	baseURL string
}

// NewNordtel returns a Nordtel client.
func NewNordtel(c *retryablehttp.Client, baseURL string) *Nordtel {
	return &Nordtel{http: c, baseURL: baseURL}
}

func (n *Nordtel) Code() string            { return "nordtel" }
func (n *Nordtel) SupportsReference() bool { return false }

type nordtelProfile struct {
	ICCID string `json:"iccid"`
	QR    string `json:"qr_payload"`
	SMDP  string `json:"smdp"`
	Label string `json:"label"`
}

// ReserveProfile reserves a profile labelled with the request reference. A
// profile already carrying the label is returned as is.
func (n *Nordtel) ReserveProfile(ctx context.Context, req ReserveRequest) (*Profile, error) {
	if req.Reference != "" {
		p, err := n.findByLabel(ctx, req.Reference)
		if err != nil {
			return nil, err
		}
		if p != nil {
			return p, nil
		}
	}
	var out nordtelProfile
	body := map[string]any{"offer": req.PlanSKU, "label": req.Reference}
	if err := httpx.Do(ctx, n.http, httpx.Call{Method: http.MethodPost, URL: n.baseURL + "/v2/profiles", Body: body}, &out); err != nil {
		return nil, err
	}
	return &Profile{ICCID: out.ICCID, ActivationCode: out.QR, SMDPAddress: out.SMDP}, nil
}

func (n *Nordtel) findByLabel(ctx context.Context, label string) (*Profile, error) {
	var out struct {
		Items []nordtelProfile `json:"items"`
	}
	u := n.baseURL + "/v2/profiles?label=" + url.QueryEscape(label)
	err := httpx.Do(ctx, n.http, httpx.Call{Method: http.MethodGet, URL: u}, &out)
	var se *httpx.StatusError
	if errors.As(err, &se) && se.Status == http.StatusNotFound {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if len(out.Items) == 0 {
		return nil, nil
	}
	p := out.Items[0]
	return &Profile{ICCID: p.ICCID, ActivationCode: p.QR, SMDPAddress: p.SMDP}, nil
}

func (n *Nordtel) ActivateProfile(ctx context.Context, req ActivateRequest) (*Activation, error) {
	var out struct {
		ValidUntil time.Time `json:"valid_until"`
	}
	u := n.baseURL + "/v2/profiles/" + url.PathEscape(req.ICCID) + "/release"
	if err := httpx.Do(ctx, n.http, httpx.Call{Method: http.MethodPut, URL: u}, &out); err != nil {
		return nil, err
	}
	return &Activation{ActivationID: req.ICCID, ValidUntil: out.ValidUntil}, nil
}

func (n *Nordtel) TopUp(ctx context.Context, req TopUpRequest) (*TopUpResult, error) {
	var out struct {
		Receipt string `json:"receipt"`
	}
	u := n.baseURL + "/v2/profiles/" + url.PathEscape(req.ICCID) + "/addons"
	if err := httpx.Do(ctx, n.http, httpx.Call{Method: http.MethodPost, URL: u, Body: map[string]any{"addon": req.BundleCode}}, &out); err != nil {
		return nil, err
	}
	return &TopUpResult{TransactionID: out.Receipt}, nil
}

func (n *Nordtel) SetLineState(ctx context.Context, iccid, state string) error {
	u := n.baseURL + "/v2/profiles/" + url.PathEscape(iccid) + "/state/" + url.PathEscape(state)
	return httpx.Do(ctx, n.http, httpx.Call{Method: http.MethodPut, URL: u}, nil)
}

func (n *Nordtel) Usage(ctx context.Context, iccid string, from, to time.Time) (*UsageWindow, error) {
	var out struct {
		Bytes int64 `json:"bytes"`
	}
	q := url.Values{}
	q.Set("from", from.UTC().Format(time.RFC3339))
	q.Set("to", to.UTC().Format(time.RFC3339))
	u := n.baseURL + "/v2/profiles/" + url.PathEscape(iccid) + "/usage?" + q.Encode()
	if err := httpx.Do(ctx, n.http, httpx.Call{Method: http.MethodGet, URL: u}, &out); err != nil {
		return nil, err
	}
	return &UsageWindow{ICCID: iccid, From: from, To: to, Bytes: out.Bytes}, nil
}
