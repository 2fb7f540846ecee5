package resources

import (
	"context"

	"mos/internal/platform/apperr"
	"mos/internal/platform/db"
	"mos/internal/platform/ids"
	"mos/internal/platform/listing"
)

// CreateEquipment stores a new equipment and returns its id. A name taken by live equipment
// answers 400 (decided by the unique index); an unknown or deleted work center answers 404.
func (s *Service) CreateEquipment(ctx context.Context, tenantID string, w EquipmentWrite) (string, error) {
	w, err := normalizeEquipment(w)
	if err != nil {
		return "", err
	}
	id := ids.New()
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.shareWorkCenter(ctx, q, tenantID, w.WorkCenterID); err != nil {
			return err
		}
		return s.equipment.insert(ctx, q, tenantID, id, w)
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// GetEquipment returns one equipment, deleted or not, with its department.
func (s *Service) GetEquipment(ctx context.Context, tenantID, id string) (Equipment, error) {
	return s.equipment.get(ctx, s.pool, tenantID, id)
}

// UpdateEquipment replaces every member of a live equipment under the create rules; a new
// workCenterId moves it to that work center and so to its department.
func (s *Service) UpdateEquipment(ctx context.Context, tenantID, id string, w EquipmentWrite) (Equipment, error) {
	w, err := normalizeEquipment(w)
	if err != nil {
		return Equipment{}, err
	}
	var saved Equipment
	err = s.pool.WithTx(ctx, func(q db.Q) error {
		if err := s.shareWorkCenter(ctx, q, tenantID, w.WorkCenterID); err != nil {
			return err
		}
		if err := s.equipment.update(ctx, q, tenantID, id, w); err != nil {
			return err
		}
		saved, err = s.equipment.get(ctx, q, tenantID, id)
		return err
	})
	if err != nil {
		return Equipment{}, err
	}
	return saved, nil
}

// ListEquipment returns a page of live equipment.
func (s *Service) ListEquipment(ctx context.Context, tenantID string, f Filter, r listing.Request) ([]Equipment, error) {
	page, err := listing.Resolve(r, equipmentListSpec)
	if err != nil {
		return nil, err
	}
	return s.equipment.list(ctx, s.pool, tenantID, f, page)
}

// shareWorkCenter answers 404 naming workCenterId unless id (when set) is a live work
// center, and keeps it from being deleted until the transaction ends.
func (s *Service) shareWorkCenter(ctx context.Context, q db.Q, tenantID string, id *string) error {
	if id == nil {
		return nil
	}
	return s.workCenters.shareLive(ctx, q, tenantID, *id)
}

// normalizeEquipment trims the text members (whitespace-only optional ones are none) and
// defaults the status to good.
func normalizeEquipment(w EquipmentWrite) (EquipmentWrite, error) {
	fields := apperr.Fields{}
	w.Name = fields.Text("name", w.Name, maxText)
	w.Description = fields.Text("description", w.Description, maxText)
	w.Manufacturer = fields.OptionalText("manufacturer", w.Manufacturer, maxText)
	w.ModelNumber = fields.OptionalText("modelNumber", w.ModelNumber, maxText)
	w.SerialNumber = fields.OptionalText("serialNumber", w.SerialNumber, maxText)
	w.Notes = fields.OptionalText("notes", w.Notes, maxNotes)
	if w.Status == "" {
		w.Status = StatusGood
	} else if !w.Status.Valid() {
		fields.Add("status", "must be good, poor, bad or outOfService")
	}
	return w, fields.Err()
}
