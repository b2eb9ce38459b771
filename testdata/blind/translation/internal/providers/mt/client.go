// Package mt is the client for LinguaMT, the machine-translation engine used
// for the pre-pass that translators post-edit.
//
// The translate endpoint is a POST only because segment batches do not fit in
// a query string; it has no side effects on the LinguaMT side beyond usage
// metering, and LinguaMT has no idempotency mechanism.
package mt

import (
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"

	"github.com/polyglotdesk/marketplace/internal/platform"
)

// TranslateRequest is a batch of segments in one language pair.
type TranslateRequest struct {
	Source     string   `json:"source_lang"`
	Target     string   `json:"target_lang"`
	Segments   []string `json:"segments"`
	GlossaryID string   `json:"glossary_id,omitempty"`
	Formality  string   `json:"formality,omitempty"`
}

// TranslateResponse holds one translation per input segment, in order.
type TranslateResponse struct {
	Engine       string   `json:"engine"`
	Translations []string `json:"translations"`
	BilledChars  int      `json:"billed_characters"`
}

// Translator is the interface the pre-pass depends on.
type Translator interface {
	Translate(ctx context.Context, req TranslateRequest) (*TranslateResponse, error)
}

type client struct {
	base   string
	apiKey string
	hc     *retryablehttp.Client
}

// New builds a LinguaMT client.
func New(base, apiKey string, hc *retryablehttp.Client) Translator {
	return &client{base: base, apiKey: apiKey, hc: hc}
}

func (c *client) Translate(ctx context.Context, req TranslateRequest) (*TranslateResponse, error) {
	h := http.Header{}
	h.Set("Authorization", "LinguaMT-Key "+c.apiKey)
	var out TranslateResponse
	if err := platform.DoJSON(ctx, c.hc, "linguamt", http.MethodPost, c.base+"/v2/translate", h, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}
