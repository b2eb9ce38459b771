package carriers

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/globetrek/esim-platform/internal/providers/httpx"
)

// Orbit is the OrbitMobile wholesale API. Every write takes an
// order_reference in the body; a repeated reference returns the original
// result instead of performing the operation again.
type Orbit struct {
	http    *retryablehttp.Client
	baseURL string
	account string
}

// NewOrbit returns an Orbit client.
func NewOrbit(c *retryablehttp.Client, baseURL, account string) *Orbit {
	return &Orbit{http: c, baseURL: baseURL, account: account}
}

func (o *Orbit) Code() string            { return "orbit" }
func (o *Orbit) SupportsReference() bool { return true }

type orbitProfile struct {
	ICCID     string `json:"iccid"`
	LPA       string `json:"lpa_string"`
	SMDP      string `json:"smdp_address"`
	State     string `json:"state"`
	Reference string `json:"order_reference"`
}

func (o *Orbit) ReserveProfile(ctx context.Context, req ReserveRequest) (*Profile, error) {
	body := map[string]any{
		"account":         o.account,
		"product_code":    req.PlanSKU,
		"validity_days":   req.Days,
		"order_reference": req.Reference,
	}
	var out orbitProfile
	if err := httpx.Do(ctx, o.http, httpx.Call{Method: http.MethodPost, URL: o.baseURL + "/v1/profiles/reserve", Body: body}, &out); err != nil {
		return nil, err
	}
	return &Profile{ICCID: out.ICCID, ActivationCode: out.LPA, SMDPAddress: out.SMDP, Pending: out.State == "pending"}, nil
}

func (o *Orbit) ActivateProfile(ctx context.Context, req ActivateRequest) (*Activation, error) {
	body := map[string]any{"order_reference": req.Reference}
	var out struct {
		ID         string    `json:"activation_id"`
		ValidUntil time.Time `json:"valid_until"`
	}
	u := o.baseURL + "/v1/profiles/" + url.PathEscape(req.ICCID) + "/activate"
	if err := httpx.Do(ctx, o.http, httpx.Call{Method: http.MethodPost, URL: u, Body: body}, &out); err != nil {
		return nil, err
	}
	return &Activation{ActivationID: out.ID, ValidUntil: out.ValidUntil}, nil
}

func (o *Orbit) TopUp(ctx context.Context, req TopUpRequest) (*TopUpResult, error) {
	body := map[string]any{
		"bundle":          req.BundleCode,
		"order_reference": req.Reference,
	}
	var out struct {
		TxID  string `json:"transaction_id"`
		State string `json:"state"`
	}
	u := o.baseURL + "/v1/profiles/" + url.PathEscape(req.ICCID) + "/bundles"
	if err := httpx.Do(ctx, o.http, httpx.Call{Method: http.MethodPost, URL: u, Body: body}, &out); err != nil {
		return nil, err
	}
	return &TopUpResult{TransactionID: out.TxID, Pending: out.State != "applied"}, nil
}

func (o *Orbit) SetLineState(ctx context.Context, iccid, state string) error {
	u := o.baseURL + "/v1/profiles/" + url.PathEscape(iccid) + "/state"
	return httpx.Do(ctx, o.http, httpx.Call{Method: http.MethodPut, URL: u, Body: map[string]string{"state": state}}, nil)
}

func (o *Orbit) Usage(context.Context, string, time.Time, time.Time) (*UsageWindow, error) {
	return nil, ErrUnsupported
}
