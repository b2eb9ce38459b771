package consumer

import (
	"context"
	"time"

	"github.com/terravault/carbonreg/internal/domain"
	"github.com/terravault/carbonreg/internal/events"
	"github.com/terravault/carbonreg/internal/ids"
	"github.com/terravault/carbonreg/internal/service"
)

// Services are the use cases the consumers drive.
type Services struct {
	Projects    service.ProjectService
	Batches     service.BatchService
	Retirements service.RetirementService
	Transfers   service.TransferService
}

// Routes is the subject table for the REGISTRY stream.
func Routes(s Services) []Route {
	return []Route{
		{Subject: events.SubjectRetirementConfirmed, Durable: "carbonreg-retirement-confirmed",
			Handler: JSON(s.Retirements.Confirm)},
		{Subject: events.SubjectRetirementRejected, Durable: "carbonreg-retirement-rejected",
			Handler: JSON(s.Retirements.Reject)},
		{Subject: events.SubjectBatchIssued, Durable: "carbonreg-batch-issued",
			Handler: JSON(func(ctx context.Context, ev events.BatchIssued) error {
				return s.Batches.RecordSerials(ctx, serialBlock(ev))
			})},
		{Subject: events.SubjectTransferAcknowledged, Durable: "carbonreg-transfer-ack",
			Handler: JSON(func(ctx context.Context, ev events.TransferAcknowledged) error {
				return s.Transfers.Acknowledge(ctx, ev.TransferID, ev.RegistryRef)
			})},
		{Subject: events.SubjectSerialsCancelled, Durable: "carbonreg-serials-cancelled",
			Handler: JSON(s.Batches.CancelSerials)},
		{Subject: events.SubjectProjectStatus, Durable: "carbonreg-project-status",
			Handler: JSON(s.Projects.ApplyRegistryStatus)},
	}
}

func serialBlock(ev events.BatchIssued) *domain.SerialBlock {
	return &domain.SerialBlock{
		ID:               ids.NewXID(),
		BatchID:          ev.BatchID,
		RegistryBatchRef: ev.RegistryBatchRef,
		SerialStart:      ev.SerialStart,
		SerialEnd:        ev.SerialEnd,
		IssuedAt:         ev.IssuedAt,
		CreatedAt:        time.Now().UTC(),
	}
}
