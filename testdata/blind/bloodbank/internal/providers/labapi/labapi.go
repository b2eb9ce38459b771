// Package labapi submits sample manifests to the regional screening
// laboratory.
package labapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/hemolink-systems/bloodbank/internal/platform/retry"
	"github.com/hemolink-systems/bloodbank/internal/providers/apiclient"
)

// Manifest lists the sample tubes taken with one donation. ManifestID is the
// lab's deduplication key: a manifest repeated with the same ID returns the
// original accession.
type Manifest struct {
	ManifestID  string    `json:"manifest_id"`
	SiteCode    string    `json:"site_code"`
	CollectedAt time.Time `json:"collected_at"`
	Tubes       []Tube    `json:"tubes"`
	Panel       []string  `json:"panel"`
}

type Tube struct {
	Barcode string `json:"barcode"`
	Type    string `json:"type"`
}

type Accession struct {
	AccessionRef string `json:"accession_ref"`
	Duplicate    bool   `json:"duplicate"`
}

type Client struct{ api *apiclient.Client }

func New(baseURL, apiKey string, timeout time.Duration) *Client {
	return &Client{api: apiclient.New(baseURL, timeout, apiclient.APIKeyHeader("X-Lab-Key", apiKey))}
}

func (c *Client) SubmitManifest(ctx context.Context, m Manifest) (Accession, error) {
	var out Accession
	err := retry.Do(ctx, retry.PartnerDefault, func() error {
		_, err := c.api.Do(ctx, http.MethodPost, "/api/manifests", m, &out, nil)
		var se *apiclient.StatusError
		if errors.As(err, &se) && !se.Retryable() {
			return retry.Permanent(err)
		}
		return err
	})
	if err != nil {
		return Accession{}, fmt.Errorf("submit manifest %s: %w", m.ManifestID, err)
	}
	return out, nil
}
