// Package regulator submits monthly direct-to-consumer shipping reports to
// the state filing portal.
//
// The portal deduplicates on client_reference per licence: resubmitting a
// reference it has already accepted returns 409 with the original filing id,
// which Submit treats as success.
package regulator

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"time"

	"github.com/google/wire"

	"github.com/vinoteca/wineclub/internal/config"
)

// ProviderSet is the regulator provider set.
var ProviderSet = wire.NewSet(New)

// Filing is one monthly report.
type Filing struct {
	State           string
	Period          string
	ClientReference string
	Shipments       int
	Bottles         int
	Liters          float64
	CSV             []byte
}

// Receipt is the portal's acknowledgement.
type Receipt struct {
	FilingID   string    `json:"filing_id"`
	Status     string    `json:"status"`
	ReceivedAt time.Time `json:"received_at"`
	Duplicate  bool      `json:"-"`
}

// Client is the filing portal client.
type Client struct {
	http    *http.Client
	base    string
	token   string
	license string
}

// New builds the client.
func New(cfg config.Config) *Client {
	return &Client{
		http:    &http.Client{Timeout: 60 * time.Second},
		base:    cfg.RegulatorURL,
		token:   cfg.RegulatorToken,
		license: cfg.LicenseNumber,
	}
}

// Submit uploads the report file with its summary fields.
func (c *Client) Submit(ctx context.Context, f Filing) (*Receipt, error) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fields := map[string]string{
		"state":          f.State,
		"period":         f.Period,
		"license_number": c.license,
		"shipment_count": fmt.Sprint(f.Shipments),
		"bottle_count":   fmt.Sprint(f.Bottles),
		"volume_liters":  fmt.Sprintf("%.3f", f.Liters),
	}
	if f.ClientReference != "" {
		fields["client_reference"] = f.ClientReference
	}
	for k, v := range fields {
		if err := mw.WriteField(k, v); err != nil {
			return nil, err
		}
	}
	fw, err := mw.CreateFormFile("report", fmt.Sprintf("%s-%s.csv", f.State, f.Period))
	if err != nil {
		return nil, err
	}
	if _, err := fw.Write(f.CSV); err != nil {
		return nil, err
	}
	if err := mw.Close(); err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost,
		fmt.Sprintf("%s/v1/licensees/%s/filings", c.base, c.license), &buf)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("regulator: %w", err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	switch resp.StatusCode {
	case http.StatusOK, http.StatusCreated, http.StatusConflict:
		var rc Receipt
		if err := json.Unmarshal(raw, &rc); err != nil {
			return nil, fmt.Errorf("regulator: decode: %w", err)
		}
		rc.Duplicate = resp.StatusCode == http.StatusConflict
		return &rc, nil
	default:
		return nil, fmt.Errorf("regulator: status %d: %s", resp.StatusCode, raw)
	}
}
