package consumers

import (
	"context"
	"encoding/json"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/meterly/subs/internal/service/tax"
)

type TaxRecalculator interface {
	HandleRecalc(ctx context.Context, req tax.RecalcRequest) error
}

// TaxRecalcHandler consumes the tax-recalc FIFO queue.
func TaxRecalcHandler(svc TaxRecalculator) func(ctx context.Context, m types.Message) error {
	return func(ctx context.Context, m types.Message) error {
		var req tax.RecalcRequest
		if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &req); err != nil {
			// Malformed: let the redrive policy move it to the DLQ.
			return err
		}
		return svc.HandleRecalc(ctx, req)
	}
}
