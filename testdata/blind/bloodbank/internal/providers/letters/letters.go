// Package letters sends printed and e-mailed donor letters through the
// LetterHub print-and-post service.
package letters

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/hemolink-systems/bloodbank/internal/providers/apiclient"
)

// Letter is rendered by LetterHub from a stored template.
type Letter struct {
	Template   string            `json:"template"`
	Recipient  string            `json:"recipient_name"`
	Address    string            `json:"postal_address"`
	Email      string            `json:"email,omitempty"`
	Merge      map[string]string `json:"merge_fields"`
	Confidence string            `json:"confidentiality"`
}

type Receipt struct {
	LetterID string `json:"letter_id"`
	Channel  string `json:"channel"`
}

type Client struct{ api *apiclient.Client }

func New(baseURL, apiKey string, timeout time.Duration) *Client {
	return &Client{api: apiclient.New(baseURL, timeout, apiclient.BearerToken(apiKey))}
}

// Send queues the letter for printing and, when an e-mail address is given,
// e-mails a copy.
func (c *Client) Send(ctx context.Context, l Letter) (Receipt, error) {
	var out Receipt
	if _, err := c.api.Do(ctx, http.MethodPost, "/v1/letters", l, &out, nil); err != nil {
		return Receipt{}, fmt.Errorf("letterhub: %w", err)
	}
	return out, nil
}
