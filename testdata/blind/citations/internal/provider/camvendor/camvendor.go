// Package camvendor is the client for the camera vendor's records API:
// nightly violation batches (reads) and evidence packages. An evidence
// package request carries a request_key; a repeat with the same key returns
// the package already prepared rather than billing a new one.
package camvendor

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/harborcity/citeproc/internal/platform/retryx"
	"github.com/harborcity/citeproc/internal/provider/apiclient"
)

type Config struct {
	Vendor  string
	BaseURL string
	APIKey  string
}

type Client struct {
	vendor string
	api    *apiclient.Client
}

func New(cfg Config) *Client {
	return &Client{
		vendor: cfg.Vendor,
		api:    apiclient.New("camvendor:"+cfg.Vendor, cfg.BaseURL, 60*time.Second, apiclient.Bearer(cfg.APIKey)),
	}
}

// Vendor returns the vendor code this client talks to.
func (c *Client) Vendor() string { return c.vendor }

type Record struct {
	EventID       string    `json:"event_id"`
	CameraID      string    `json:"camera_id"`
	LocationCode  string    `json:"location_code"`
	ViolationCode string    `json:"violation_code"`
	Plate         string    `json:"plate"`
	PlateState    string    `json:"plate_state"`
	CapturedAt    time.Time `json:"captured_at"`
	RecordedSpeed *int      `json:"recorded_speed,omitempty"`
	PostedSpeed   *int      `json:"posted_speed,omitempty"`
	ReviewStatus  string    `json:"review_status"` // approved | rejected
}

type batchPage struct {
	Records    []Record `json:"records"`
	NextCursor string   `json:"next_cursor"`
}

// FetchBatch reads every record of the batch for one capture date.
func (c *Client) FetchBatch(ctx context.Context, date time.Time) ([]Record, error) {
	var all []Record
	cursor := ""
	for {
		q := url.Values{}
		q.Set("date", date.Format("2006-01-02"))
		q.Set("limit", strconv.Itoa(500))
		if cursor != "" {
			q.Set("cursor", cursor)
		}
		page, err := retryx.Do(ctx, retryx.Default, func(ctx context.Context) (*batchPage, error) {
			var out batchPage
			if err := c.api.Do(ctx, http.MethodGet, "/v3/batches?"+q.Encode(), nil, nil, &out); err != nil {
				return nil, err
			}
			return &out, nil
		})
		if err != nil {
			return nil, err
		}
		all = append(all, page.Records...)
		if page.NextCursor == "" {
			return all, nil
		}
		cursor = page.NextCursor
	}
}

type EvidencePackage struct {
	PackageID  string   `json:"package_id"`
	MediaURLs  []string `json:"media_urls"`
	Status     string   `json:"status"`
	ReviewedBy string   `json:"reviewed_by"`
}

// RequestEvidencePackage asks the vendor to assemble the court-ready
// evidence package (stills, video clip, calibration certificate) for an event.
func (c *Client) RequestEvidencePackage(ctx context.Context, eventID, requestKey string) (*EvidencePackage, error) {
	body := map[string]string{"event_id": eventID, "request_key": requestKey}
	return retryx.Do(ctx, retryx.Default, func(ctx context.Context) (*EvidencePackage, error) {
		var out EvidencePackage
		if err := c.api.Do(ctx, http.MethodPost, "/v3/evidence-packages", nil, body, &out); err != nil {
			return nil, err
		}
		return &out, nil
	})
}
