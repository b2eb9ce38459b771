package tillpoint

import (
	"context"
	"net/http"
	"net/url"

	"github.com/velvetchair/salon/internal/core/domain"
	"github.com/velvetchair/salon/internal/core/ports"
)

type refundBody struct {
	Amount   int64             `json:"amount,omitempty"`
	Reason   string            `json:"reason,omitempty"`
	Metadata map[string]string `json:"metadata,omitempty"`
}

// Refund refunds amount (or the full charge when amount is 0).
func (c *Client) Refund(ctx context.Context, chargeID string, amount domain.Cents, reason string, opts ...ports.CallOption) (domain.RefundResult, error) {
	o := ports.ApplyCallOptions(opts)
	var out struct {
		ID     string `json:"id"`
		Status string `json:"status"`
	}
	err := c.do(ctx, request{
		method:         http.MethodPost,
		path:           "/charges/" + url.PathEscape(chargeID) + "/refunds",
		body:           refundBody{Amount: int64(amount), Reason: reason, Metadata: o.Metadata},
		idempotencyKey: o.IdempotencyKey,
	}, &out)
	if err != nil {
		return domain.RefundResult{}, err
	}
	return domain.RefundResult{RefundID: out.ID, Status: out.Status}, nil
}
