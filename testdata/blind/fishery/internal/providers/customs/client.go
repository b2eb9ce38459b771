// Package customs is the client for the customs authority's catch
// certificate interface (consignment registration, declarations and
// clearance status). Calls go through retry-go: the partner's gateway sheds
// load with 502/503 during the morning export peak.
package customs

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	retry "github.com/avast/retry-go/v4"

	"github.com/kelpline-systems/quotareg/internal/config"
	"github.com/kelpline-systems/quotareg/internal/ports"
)

type Client struct {
	baseURL  string
	clientID string
	secret   string
	http     *http.Client
	attempts uint
	delay    time.Duration
}

func NewClient(cfg config.Customs) *Client {
	attempts := cfg.Attempts
	if attempts == 0 {
		attempts = 3
	}
	return &Client{
		baseURL:  strings.TrimRight(cfg.BaseURL, "/"),
		clientID: cfg.ClientID,
		secret:   cfg.Secret,
		http:     &http.Client{Timeout: cfg.Timeout},
		attempts: attempts,
		delay:    400 * time.Millisecond,
	}
}

type StatusError struct {
	Status int
	Body   string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("customs: http %d: %s", e.Status, e.Body)
}

func retryable(err error) bool {
	var se *StatusError
	if errors.As(err, &se) {
		return se.Status == http.StatusTooManyRequests || se.Status >= 500
	}
	return !errors.Is(err, context.Canceled)
}

func (c *Client) retryOptions(ctx context.Context) []retry.Option {
	return []retry.Option{
		retry.Context(ctx),
		retry.Attempts(c.attempts),
		retry.Delay(c.delay),
		retry.DelayType(retry.BackOffDelay),
		retry.MaxJitter(250 * time.Millisecond),
		retry.RetryIf(retryable),
		retry.LastErrorOnly(true),
	}
}

// call performs one JSON request. Retrying is the caller's decision.
func (c *Client) call(ctx context.Context, method, path string, in any, headers map[string]string, out any) error {
	var body io.Reader
	if in != nil {
		buf, err := json.Marshal(in)
		if err != nil {
			return retry.Unrecoverable(err)
		}
		body = bytes.NewReader(buf)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.baseURL+path, body)
	if err != nil {
		return retry.Unrecoverable(err)
	}
	req.SetBasicAuth(c.clientID, c.secret)
	req.Header.Set("Accept", "application/json")
	if in != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode/100 != 2 {
		return &StatusError{Status: resp.StatusCode, Body: string(raw)}
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(raw, out)
}

type consignmentBody struct {
	ExporterEORI string `json:"exporterEori"`
	Commodity    string `json:"commodity"`
	NetMassKg    int64  `json:"netMassKg"`
	Destination  string `json:"destinationCountry"`
	CatchRef     string `json:"catchReference"`
}

// RegisterConsignment opens a consignment at customs and returns its MRN.
// The endpoint has no replay protection, so unlike the declaration calls it
// is sent once and not retried here.
func (c *Client) RegisterConsignment(ctx context.Context, req ports.ConsignmentRequest) (string, error) {
	var out struct {
		MRN string `json:"mrn"`
	}
	err := c.call(ctx, http.MethodPost, "/v2/consignments", consignmentBody{
		ExporterEORI: req.ExporterEORI,
		Commodity:    req.Species,
		NetMassKg:    req.WeightKg,
		Destination:  req.DestCountry,
		CatchRef:     req.CatchRef,
	}, nil, &out)
	if err != nil {
		return "", fmt.Errorf("customs: register consignment: %w", err)
	}
	return out.MRN, nil
}

type declarationBody struct {
	CertificateNumber string `json:"certificateNumber"`
	MRN               string `json:"mrn"`
	Species           string `json:"species"`
	NetMassKg         int64  `json:"netMassKg"`
	Destination       string `json:"destinationCountry"`
	FlagState         string `json:"flagState"`
	Vessel            string `json:"vesselRegistration"`
	Channel           string `json:"channel,omitempty"`
	Priority          string `json:"priority,omitempty"`
}

// SubmitDeclaration lodges a catch certificate declaration. Transient
// gateway errors are retried in-process.
func (c *Client) SubmitDeclaration(ctx context.Context, d ports.Declaration, opts ports.SubmitOptions) (string, error) {
	headers := map[string]string{}
	if opts.Reference != "" {
		headers["X-Submission-Reference"] = opts.Reference
	}
	body := declarationBody{
		CertificateNumber: d.CertificateNumber,
		MRN:               d.ConsignmentRef,
		Species:           d.Species,
		NetMassKg:         d.WeightKg,
		Destination:       d.DestCountry,
		FlagState:         d.FlagState,
		Vessel:            d.VesselRegNo,
		Channel:           opts.Channel,
		Priority:          opts.Priority,
	}
	ref, err := retry.DoWithData(func() (string, error) {
		var out struct {
			DeclarationRef string `json:"declarationReference"`
		}
		if err := c.call(ctx, http.MethodPost, "/v2/declarations", body, headers, &out); err != nil {
			return "", err
		}
		return out.DeclarationRef, nil
	}, c.retryOptions(ctx)...)
	if err != nil {
		return "", fmt.Errorf("customs: submit declaration %s: %w", d.CertificateNumber, err)
	}
	return ref, nil
}

// ClearanceStatus reads the current decision on a declaration.
func (c *Client) ClearanceStatus(ctx context.Context, declarationRef string) (string, error) {
	return retry.DoWithData(func() (string, error) {
		var out struct {
			Status string `json:"status"`
		}
		err := c.call(ctx, http.MethodGet, "/v2/declarations/"+declarationRef+"/status", nil, nil, &out)
		return out.Status, err
	}, c.retryOptions(ctx)...)
}
