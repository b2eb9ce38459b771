package carriers

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/globetrek/esim-platform/internal/providers/httpx"
)

// Skylink is the Skylink Connect partner API. POST endpoints honour an
// Idempotency-Key header (24h window); PUT endpoints are state setters.
type Skylink struct {
	http    *retryablehttp.Client
	baseURL string
}

// NewSkylink returns a Skylink client.
func NewSkylink(c *retryablehttp.Client, baseURL string) *Skylink {
	return &Skylink{http: c, baseURL: baseURL}
}

func (s *Skylink) Code() string            { return "skylink" }
func (s *Skylink) SupportsReference() bool { return true }

func (s *Skylink) post(ctx context.Context, path, key string, body, out any) error {
	h := http.Header{}
	if key != "" {
		h.Set("Idempotency-Key", key)
	}
	return httpx.Do(ctx, s.http, httpx.Call{Method: http.MethodPost, URL: s.baseURL + path, Body: body, Header: h}, out)
}

func (s *Skylink) ReserveProfile(ctx context.Context, req ReserveRequest) (*Profile, error) {
	var out struct {
		ICCID string `json:"iccid"`
		Code  string `json:"activationCode"`
		SMDP  string `json:"smdpPlus"`
	}
	body := map[string]any{"packageId": req.PlanSKU, "quotaBytes": req.DataBytes, "days": req.Days}
	if err := s.post(ctx, "/api/esims", req.Reference, body, &out); err != nil {
		return nil, err
	}
	return &Profile{ICCID: out.ICCID, ActivationCode: out.Code, SMDPAddress: out.SMDP}, nil
}

func (s *Skylink) ActivateProfile(ctx context.Context, req ActivateRequest) (*Activation, error) {
	var out struct {
		ID      string    `json:"id"`
		Expires time.Time `json:"expiresAt"`
	}
	if err := s.post(ctx, "/api/esims/"+url.PathEscape(req.ICCID)+"/activations", req.Reference, nil, &out); err != nil {
		return nil, err
	}
	return &Activation{ActivationID: out.ID, ValidUntil: out.Expires}, nil
}

func (s *Skylink) TopUp(ctx context.Context, req TopUpRequest) (*TopUpResult, error) {
	var out struct {
		ID     string `json:"id"`
		Status string `json:"status"`
	}
	body := map[string]any{"packageId": req.BundleCode, "quotaBytes": req.DataBytes}
	if err := s.post(ctx, "/api/esims/"+url.PathEscape(req.ICCID)+"/topups", req.Reference, body, &out); err != nil {
		return nil, err
	}
	return &TopUpResult{TransactionID: out.ID, Pending: out.Status == "queued"}, nil
}

func (s *Skylink) SetLineState(ctx context.Context, iccid, state string) error {
	u := s.baseURL + "/api/esims/" + url.PathEscape(iccid) + "/status"
	return httpx.Do(ctx, s.http, httpx.Call{Method: http.MethodPut, URL: u, Body: map[string]string{"status": state}}, nil)
}

func (s *Skylink) Usage(context.Context, string, time.Time, time.Time) (*UsageWindow, error) {
	return nil, ErrUnsupported
}
