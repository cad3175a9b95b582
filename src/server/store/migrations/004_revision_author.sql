-- Revision history (SAF-3, SAF-4, SAF-5). Every revision already records its author, the owner's
-- username, since 001 ('seed' for the demo catalogue); this adds what the History dialog and photo
-- retention need besides.
--
-- restored_from: the revision a restore copied (SAF-3), NULL for an ordinary import. The History
-- dialog summarises such a revision as "Restored revision N".
ALTER TABLE revisions ADD COLUMN restored_from INTEGER;

-- last_named: the newest revision whose catalogue names the photo, NULL while no revision does (an
-- upload not imported yet). Revision ids only grow and pruning removes the oldest, so a photo is
-- named by a kept revision exactly when last_named >= the oldest kept id (SAF-4).
ALTER TABLE photos ADD COLUMN last_named INTEGER;
UPDATE photos SET last_named = named.id
FROM (
  SELECT json_extract(photo.value, '$.name') AS name, MAX(r.id) AS id
  FROM revisions AS r,
    json_each(r.json, '$.propertyList') AS property,
    json_each(property.value, '$.photos') AS photo
  GROUP BY 1
) AS named
WHERE named.name = photos.name;
CREATE INDEX photos_last_named ON photos(last_named);
