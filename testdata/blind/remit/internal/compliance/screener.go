package compliance

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/sendhome/remit/internal/config"
)

// ScreenRequest is sent to the sanctions / AML screening provider.
type ScreenRequest struct {
	Reference   string `json:"reference"`
	SenderID    string `json:"sender_id"`
	Beneficiary string `json:"beneficiary_name"`
	Country     string `json:"beneficiary_country"`
	Amount      int64  `json:"amount"`
	Currency    string `json:"currency"`
}

type ScreenResult struct {
	Decision string   `json:"decision"` // clear | review | block
	Score    float64  `json:"score"`
	Lists    []string `json:"matched_lists"`
}

// Screener is a pure lookup: screening the same party twice has no effect
// on the provider side.
type Screener interface {
	Screen(ctx context.Context, req ScreenRequest) (*ScreenResult, error)
}

type httpScreener struct {
	base string
	http *http.Client
}

func NewScreener(cfg *config.Config) Screener {
	return &httpScreener{base: cfg.ScreeningURL, http: &http.Client{Timeout: 10 * time.Second}}
}

func (s *httpScreener) Screen(ctx context.Context, in ScreenRequest) (*ScreenResult, error) {
	body, _ := json.Marshal(in)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.base+"/screen", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("screening: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("screening: status %d", resp.StatusCode)
	}
	var out ScreenResult
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return nil, fmt.Errorf("screening: decode: %w", err)
	}
	return &out, nil
}
