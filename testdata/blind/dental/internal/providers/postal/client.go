// Package postal is the client for Inkwell Print & Mail, which prints and
// mails paper patient statements. POST /v1/letters accepts an
// Idempotency-Key header (kept for 24 hours); a request without one always
// produces a new letter.
package postal

import (
	"context"
	"fmt"
	"net/http"

	"github.com/brightsmile-dental/practiceops/internal/models"
	"github.com/brightsmile-dental/practiceops/internal/platform/httpclient"
)

// LetterRequest describes one mail piece.
type LetterRequest struct {
	To             models.Address
	From           models.Address
	TemplateID     string
	MergeVariables map[string]any
	Color          bool
	ReturnEnvelope bool
	Description    string
	Metadata       map[string]string
	IdempotencyKey string
}

// Letter is Inkwell's record of an accepted mail piece.
type Letter struct {
	ID                   string `json:"id"`
	ExpectedDeliveryDate string `json:"expected_delivery_date"`
	Status               string `json:"status"`
}

// Mailer sends letters.
type Mailer interface {
	SendLetter(ctx context.Context, req LetterRequest) (Letter, error)
}

type client struct {
	http *httpclient.Client
}

// New returns a Mailer for the Inkwell API.
func New(baseURL, apiKey string, opts ...httpclient.Option) Mailer {
	opts = append([]httpclient.Option{httpclient.WithBasicAuth(apiKey, "")}, opts...)
	return &client{http: httpclient.New(baseURL, opts...)}
}

type letterBody struct {
	To             models.Address    `json:"to"`
	From           models.Address    `json:"from"`
	Template       string            `json:"template"`
	MergeVariables map[string]any    `json:"merge_variables"`
	Color          bool              `json:"color"`
	ReturnEnvelope bool              `json:"return_envelope"`
	Description    string            `json:"description,omitempty"`
	Metadata       map[string]string `json:"metadata,omitempty"`
}

func (c *client) SendLetter(ctx context.Context, req LetterRequest) (Letter, error) {
	headers := map[string]string{}
	if req.IdempotencyKey != "" {
		headers["Idempotency-Key"] = req.IdempotencyKey
	}
	body := letterBody{
		To:             req.To,
		From:           req.From,
		Template:       req.TemplateID,
		MergeVariables: req.MergeVariables,
		Color:          req.Color,
		ReturnEnvelope: req.ReturnEnvelope,
		Description:    req.Description,
		Metadata:       req.Metadata,
	}
	var out Letter
	if err := c.http.Do(ctx, http.MethodPost, "/v1/letters", headers, body, &out); err != nil {
		return Letter{}, fmt.Errorf("inkwell letter: %w", err)
	}
	return out, nil
}
