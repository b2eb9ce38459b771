package gormfix

import (
	"github.com/ThreeDotsLabs/watermill/message"
	"gorm.io/gorm"
)

var db *gorm.DB

type Event struct {
	ID string
}

func record(msg *message.Message) error {
	return db.Create(&Event{ID: msg.UUID}).Error // want `same ID again`
}
