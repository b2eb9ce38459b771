package store

import (
	"context"

	"github.com/google/uuid"

	"github.com/sendhome/remit/ent"
	"github.com/sendhome/remit/ent/notification"
)

type NotificationRepo interface {
	// Claim reserves the (transfer, template) slot. It returns false if the
	// notice was already claimed by an earlier delivery.
	Claim(ctx context.Context, transferID uuid.UUID, template, phone string) (uuid.UUID, bool, error)
	MarkSent(ctx context.Context, id uuid.UUID, providerMessageID string) error
	MarkFailed(ctx context.Context, id uuid.UUID) error
	// Record stores a notice that has already been handed to the SMS gateway.
	Record(ctx context.Context, transferID uuid.UUID, template, phone, providerMessageID string) error
}

type notificationRepo struct{ c *ent.Client }

func NewNotificationRepo(c *ent.Client) NotificationRepo { return &notificationRepo{c: c} }

func (r *notificationRepo) Claim(ctx context.Context, transferID uuid.UUID, template, phone string) (uuid.UUID, bool, error) {
	id, err := r.c.Notification.Create().
		SetTransferID(transferID).
		SetTemplate(template).
		SetPhone(phone).
		OnConflictColumns(notification.FieldTransferID, notification.FieldTemplate).
		DoNothing().
		ID(ctx)
	if conflicted(err) {
		return uuid.Nil, false, nil
	}
	if err != nil {
		return uuid.Nil, false, wrap(err, "claim notification")
	}
	return id, true, nil
}

func (r *notificationRepo) MarkSent(ctx context.Context, id uuid.UUID, providerMessageID string) error {
	return wrap(r.c.Notification.UpdateOneID(id).
		SetStatus(notification.StatusSent).
		SetProviderMessageID(providerMessageID).
		Exec(ctx), "mark notification sent")
}

func (r *notificationRepo) MarkFailed(ctx context.Context, id uuid.UUID) error {
	return wrap(r.c.Notification.UpdateOneID(id).SetStatus(notification.StatusFailed).Exec(ctx), "mark notification failed")
}

func (r *notificationRepo) Record(ctx context.Context, transferID uuid.UUID, template, phone, providerMessageID string) error {
	err := r.c.Notification.Create().
		SetTransferID(transferID).
		SetTemplate(template).
		SetPhone(phone).
		SetStatus(notification.StatusSent).
		SetProviderMessageID(providerMessageID).
		OnConflictColumns(notification.FieldTransferID, notification.FieldTemplate).
		UpdateNewValues().
		Exec(ctx)
	return wrap(err, "record notification")
}
